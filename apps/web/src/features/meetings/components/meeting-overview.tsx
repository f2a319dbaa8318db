import type { TVideo } from '@pipewise/contract/videos';
import { Card } from '../../../components/ui/card';
import { ExpandableText } from './expandable-text';

/** Overview: the meeting's summary and key points, each as a short preview that opens in place. */
export function MeetingOverview({ video }: { video: TVideo }) {
  const summary = video.summary?.summary.trim() ?? '';
  const points = video.summary?.key_points ?? [];
  const waiting = video.status === 'uploaded' || video.status === 'processing';
  const none = waiting ? 'Being prepared...' : 'Not available';
  return (
    <Card raised title="Overview" className="meeting-overview">
      <div className="meeting-overview-block">
        <h4 className="video-block-title">Meeting Summary</h4>
        {summary ? <ExpandableText name="Meeting Summary" text={summary} /> : <p className="muted">{none}</p>}
      </div>
      <div className="meeting-overview-block">
        <h4 className="video-block-title">Key Points</h4>
        {points.length > 0 ? (
          <ExpandableText
            name="Key Points"
            text={points.join(' • ')}
            full={
              <ul className="meeting-key-points">
                {points.map((point, i) => (
                  <li key={i}>{point}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <p className="muted">{none}</p>
        )}
      </div>
    </Card>
  );
}
