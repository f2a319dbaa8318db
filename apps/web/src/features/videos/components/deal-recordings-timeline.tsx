import { Mail, Phone, Video } from 'lucide-react';
import { useParams } from 'react-router';
import type { TVideo } from '@pipewise/contract/videos';
import { Card } from '../../../components/ui/card';
import { useDealVideos } from '../api/get-deal-videos';
import { timelineDate, timelineTime, videoTitle } from '../utils/video-format';
import '../videos.css';

const ICONS = { call: Phone, email: Mail, video: Video } as const;
const TYPE_LABELS = { call: 'Call', email: 'Email', video: 'Video' } as const;

function TimelineEvent({ video, side }: { video: TVideo; side: 'left' | 'right' }) {
  const Icon = ICONS[video.type];
  const description = video.description ?? video.summary?.summary ?? null;
  return (
    <li className={`timeline-event timeline-${side}`}>
      <span className="timeline-icon" role="img" aria-label={TYPE_LABELS[video.type]}>
        <Icon size={14} aria-hidden="true" />
      </span>
      <div className="timeline-body">
        <p className="timeline-when">
          <span>{timelineDate(video.upload_date)}</span> <span>{timelineTime(video.upload_date)}</span>
        </p>
        <p className="timeline-title">{videoTitle(video)}</p>
        {description ? <p className="timeline-description">{description}</p> : null}
      </div>
    </li>
  );
}

/** A deal's recordings, newest first, alternating left and right of the line. */
export function DealRecordingsTimeline() {
  const { id = '' } = useParams();
  const videos = useDealVideos(id);
  return (
    <Card as="aside" raised title="Timeline" className="timeline-card">
      {videos.isPending ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : !videos.data?.length ? (
        <p className="muted">No Events Found</p>
      ) : (
        <ol className="timeline">
          {videos.data.map((video, i) => (
            <TimelineEvent key={video.id} video={video} side={i % 2 === 0 ? 'left' : 'right'} />
          ))}
        </ol>
      )}
    </Card>
  );
}
