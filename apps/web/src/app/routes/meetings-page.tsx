import { UpcomingCallsButton } from '../../features/calls/components/upcoming-calls-button';
import { MeetingsPage } from '../../features/meetings/components/meetings-page';
import { VideoDetailDialog } from '../../features/videos/components/video-detail-dialog';

/** /dashboard/meetings: the meetings tables with the videos feature's detail modal and the calls overlay. */
export function MeetingsRoute() {
  return (
    <MeetingsPage
      actions={<UpcomingCallsButton />}
      renderVideoDetail={(video, onClose) => <VideoDetailDialog video={video} onClose={onClose} />}
    />
  );
}
