import { lazy, Suspense, useState } from 'react';
import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import { Button } from '../../../components/ui/button';
import type { ManageMode } from './call-manage-dialogs';

/** The dialogs' code (Radix Dialog, the form) loads when one is first opened: the calls panel paints without it. */
const CallManageDialogs = lazy(async () => ({ default: (await import('./call-manage-dialogs')).CallManageDialogs }));

/** Edit and Cancel on a call its organiser booked in Pipewise; Cancel asks first. */
export function CallManageActions({ call, title }: { call: TCalendarMeeting; title: string }) {
  const [mode, setMode] = useState<ManageMode>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: ManageMode) => {
    setOpened(true);
    setMode(next);
  };
  return (
    <div className="call-manage-actions">
      <Button variant="secondary" className="btn-small" aria-haspopup="dialog" onClick={() => open('edit')} aria-label={`Edit ${title}`}>
        Edit
      </Button>
      <Button variant="danger" className="btn-small" aria-haspopup="dialog" onClick={() => open('cancel')} aria-label={`Cancel ${title}`}>
        Cancel
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <CallManageDialogs call={call} title={title} mode={mode} onModeChange={setMode} />
        </Suspense>
      ) : null}
    </div>
  );
}
