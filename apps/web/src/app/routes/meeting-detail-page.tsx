import { MeetingDetailPage } from '../../features/meetings/components/meeting-detail-page';

/** /dashboard/meeting/:id. Header buttons from other features (e.g. 'View upcoming calls') go in `actions`. */
export function MeetingDetailRoute() {
  return <MeetingDetailPage />;
}
