import { useParams } from 'react-router';
import { UpcomingCallsButton } from '../../features/calls/components/upcoming-calls-button';
import { CallSuggestionsPanel } from '../../features/call-suggestions/components/call-suggestions-panel';
import { MeetingDetailPage } from '../../features/meetings/components/meeting-detail-page';

/** /dashboard/meeting/:id, with the calls overlay's 'View upcoming calls' button in its header and the call's suggested updates. */
export function MeetingDetailRoute() {
  const { id = '' } = useParams();
  return (
    <MeetingDetailPage
      actions={<UpcomingCallsButton />}
      below={(video) => <CallSuggestionsPanel key={id} recordingId={id} playable={video.s3_url !== null} />}
    />
  );
}
