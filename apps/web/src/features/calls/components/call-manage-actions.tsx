import { useState } from 'react';
import { toast } from 'sonner';
import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import { useCancelMeeting } from '../api/cancel-meeting';
import { ScheduleCallDialog } from './schedule-call-dialog';

/** Edit and Cancel on a call its organiser booked in Pipewise; Cancel asks first. */
export function CallManageActions({ call, title }: { call: TCalendarMeeting; title: string }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMeeting();
  const confirm = () =>
    cancel.mutate(call.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Call cancelled');
      },
      onError: (error) => toast.error(isApiError(error) && error.detail ? error.detail : 'Failed to cancel the call. Please try again.'),
    });
  return (
    <div className="call-manage-actions">
      <Button variant="secondary" className="btn-small" onClick={() => setEditing(true)} aria-label={`Edit ${title}`}>
        Edit
      </Button>
      <Button variant="danger" className="btn-small" onClick={() => setConfirming(true)} aria-label={`Cancel ${title}`}>
        Cancel
      </Button>
      <ScheduleCallDialog open={editing} onOpenChange={setEditing} meeting={call} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this call?"
        description={`'${title}' will be taken off every attendee's calendar, and outside attendees will be told.`}
      >
        <DialogActions label="Cancel call" busyLabel="Cancelling..." busy={cancel.isPending} onConfirm={confirm} focusConfirm />
      </Dialog>
    </div>
  );
}
