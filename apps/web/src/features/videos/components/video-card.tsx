import { TRANSCRIPT_UNAVAILABLE_TEXT, TRANSCRIPTION_PREVIEW_CHARS, type TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { truncate } from '../../../lib/format';
import { useRetryVideo } from '../api/retry-video';
import { uploadDateText, uploaderText, videoTitle } from '../utils/video-format';
import { DeleteVideoButton } from './delete-video-button';
import { VideoInsights } from './video-insights';
import { VideoPlayer } from './video-player';
import { VideoStatusBadge } from './video-status-badge';

/** One recording on the insights screen; its title opens the detail modal. */
export function VideoCard({ video, onOpen }: { video: TVideo; onOpen: () => void }) {
  const retry = useRetryVideo();
  const title = videoTitle(video);
  const preview = video.transcription ? truncate(video.transcription, TRANSCRIPTION_PREVIEW_CHARS).text : null;
  return (
    <li className="card video-card">
      <VideoPlayer video={video} label={`Recording: ${title}`} />
      <div className="video-card-body">
        <div className="video-card-head">
          <h4 className="video-card-title">
            <Button variant="link" onClick={onOpen}>
              {title}
            </Button>
          </h4>
          <VideoStatusBadge video={video} />
        </div>
        {video.status === 'failed' ? (
          <div className="video-failed" role="alert">
            <p>{video.error ?? 'Processing failed'}</p>
            {video.can_retry ? (
              <Button variant="secondary" className="btn-small" onClick={() => retry.mutate(video.id)} disabled={retry.isPending}>
                Retry
              </Button>
            ) : null}
          </div>
        ) : null}
        <dl className="video-facts">
          <dt>Uploaded by</dt>
          <dd>{uploaderText(video)}</dd>
          <dt>Deal ID</dt>
          <dd>
            {video.deal_id ?? 'N/A'}
            {video.dealName ? <span className="video-deal-name"> ({video.dealName})</span> : null}
          </dd>
          {video.pipeline_id ? (
            <>
              <dt>Pipeline ID</dt>
              <dd>{video.pipeline_id}</dd>
            </>
          ) : null}
          {video.meet_link ? (
            <>
              <dt>Meeting link</dt>
              <dd>
                <a href={video.meet_link} target="_blank" rel="noreferrer noopener">
                  {video.meet_link}
                </a>
              </dd>
            </>
          ) : null}
          <dt>Uploaded</dt>
          <dd>{uploadDateText(video.upload_date)}</dd>
        </dl>
        {preview ? (
          <div className="video-block">
            <h5 className="video-block-title">Transcription</h5>
            <p className="video-text">{preview}</p>
          </div>
        ) : video.transcript_status === 'unavailable' ? (
          <p className="muted video-text">{TRANSCRIPT_UNAVAILABLE_TEXT}</p>
        ) : null}
        <VideoInsights video={video} />
        {video.can_delete ? (
          <div className="video-card-actions">
            <DeleteVideoButton id={video.id} title={title} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
