import { Suspense } from 'react';
import { toast } from 'sonner';
import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import { useCancelMeeting } from '../api/cancel-meeting';
import { ScheduleCallDialog } from './schedule-call-button';

export type ManageMode = 'edit' | 'cancel' | null;

/** The booked call's Edit dialog and its cancel confirmation (loaded when first wanted). */
export function CallManageDialogs({
  call,
  title,
  mode,
  onModeChange,
}: {
  call: TCalendarMeeting;
  title: string;
  mode: ManageMode;
  onModeChange: (mode: ManageMode) => void;
}) {
  const cancel = useCancelMeeting();
  const confirm = () =>
    cancel.mutate(call.id, {
      onSuccess: () => {
        onModeChange(null);
        toast.success('Call cancelled');
      },
      onError: (error) => toast.error(isApiError(error) && error.detail ? error.detail : 'Failed to cancel the call. Please try again.'),
    });
  return (
    <>
      {mode === 'edit' ? (
        <Suspense fallback={null}>
          <ScheduleCallDialog open onOpenChange={(open) => onModeChange(open ? 'edit' : null)} meeting={call} />
        </Suspense>
      ) : null}
      <Dialog
        open={mode === 'cancel'}
        onOpenChange={(open) => onModeChange(open ? 'cancel' : null)}
        title="Cancel this call?"
        description={`'${title}' will be taken off every attendee's calendar, and outside attendees will be told.`}
      >
        <DialogActions label="Cancel call" busyLabel="Cancelling..." busy={cancel.isPending} onConfirm={confirm} focusConfirm />
      </Dialog>
    </>
  );
}
