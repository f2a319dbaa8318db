import { TRANSCRIPT_UNAVAILABLE_TEXT, type TVideo } from '@pipewise/contract/videos';
import { Dialog } from '../../../components/ui/dialog';
import { uploadDateText, uploaderText, videoTitle } from '../utils/video-format';
import { VideoInsights } from './video-insights';
import { VideoPlayer } from './video-player';
import '../videos.css';

/** The video detail modal: who, when, which deal, the recording, its summary, key points and transcription. */
export function VideoDetailDialog({ video, onClose }: { video: TVideo | null; onClose: () => void }) {
  const title = video ? videoTitle(video, 'Video Details') : 'Video Details';
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {video ? (
        <div className="video-detail">
          <dl className="video-facts">
            <dt>Uploaded by</dt>
            <dd>{uploaderText(video)}</dd>
            <dt>Upload date</dt>
            <dd>{uploadDateText(video.upload_date)}</dd>
            <dt>Deal</dt>
            <dd>{video.dealName ?? video.deal_id ?? 'N/A'}</dd>
          </dl>
          <VideoPlayer video={video} label={`Recording: ${title}`} />
          <VideoInsights video={video} headingLevel="h3" />
          {video.transcription ? (
            <div className="video-block">
              <h3 className="video-block-title">Transcription</h3>
              <p className="video-text video-transcription">{video.transcription}</p>
            </div>
          ) : video.transcript_status === 'unavailable' ? (
            <p className="muted video-text">{TRANSCRIPT_UNAVAILABLE_TEXT}</p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
