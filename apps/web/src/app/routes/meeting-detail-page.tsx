import { UpcomingCallsButton } from '../../features/calls/components/upcoming-calls-button';
import { MeetingDetailPage } from '../../features/meetings/components/meeting-detail-page';

/** /dashboard/meeting/:id, with the calls overlay's 'View upcoming calls' button in its header. */
export function MeetingDetailRoute() {
  return <MeetingDetailPage actions={<UpcomingCallsButton />} />;
}
