import { CalendarPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { AttendeeSuggestion } from './attendee-picker';

/** The dialog's code loads when it is first opened: the home page and the deal page paint without it. */
export const ScheduleCallDialog = lazy(async () => ({ default: (await import('./schedule-call-dialog')).ScheduleCallDialog }));

type ScheduleCallButtonProps = {
  deal?: { id: string; name: string } | null;
  suggestions?: readonly AttendeeSuggestion[];
  className?: string;
};

/** "Schedule call": opens the dialog, the deal preset when there is one. */
export function ScheduleCallButton({ deal = null, suggestions = [], className }: ScheduleCallButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <CalendarPlus size={16} aria-hidden="true" />
        Schedule call
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ScheduleCallDialog open={open} onOpenChange={setOpen} deal={deal} suggestions={suggestions} />
        </Suspense>
      ) : null}
    </>
  );
}
