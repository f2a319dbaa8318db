import { useEffect, useId } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { callsRangeFrom } from '../api/calls-range';
import { useUserMeetings } from '../api/get-user-meetings';
import { upcomingCalls } from '../utils/call-lists';
import { CallList, LOADING_TEXT } from './call-list';
import { useNow } from './use-now';
import './calls.css';

type UpcomingCallsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The 'Upcoming Calls' overlay: the caller's own upcoming meetings. A failure to load them is
 * only logged (the spec's catalogue) and the list reads as empty.
 */
export function UpcomingCallsDialog({ open, onOpenChange }: UpcomingCallsDialogProps) {
  const headingId = useId();
  const now = useNow();
  const query = useUserMeetings(callsRangeFrom(now), open);
  useEffect(() => {
    if (query.isError) console.error('Failed to load upcoming calls', query.error);
  }, [query.isError, query.error]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upcoming Calls">
      <section className="upcoming-calls" aria-labelledby={headingId}>
        <h3 id={headingId} className="upcoming-calls-heading">
          Your Meetings
        </h3>
        {query.isPending ? (
          <p className="muted calls-empty" role="status">
            {LOADING_TEXT}
          </p>
        ) : (
          <CallList calls={query.isError ? [] : upcomingCalls(query.data, now)} kind="upcoming" label="Your Meetings" headingLevel={4} />
        )}
      </section>
    </Dialog>
  );
}
