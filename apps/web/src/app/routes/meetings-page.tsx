import { MeetingsPage } from '../../features/meetings/components/meetings-page';
import { VideoDetailDialog } from '../../features/videos/components/video-detail-dialog';

/**
 * /dashboard/meetings: the meetings tables with the videos feature's detail modal. Header buttons
 * from other features (e.g. 'View upcoming calls') go in `actions`.
 */
export function MeetingsRoute() {
  return <MeetingsPage renderVideoDetail={(video, onClose) => <VideoDetailDialog video={video} onClose={onClose} />} />;
}
