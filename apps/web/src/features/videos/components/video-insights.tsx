import type { TVideo } from '@pipewise/contract/videos';

/** The summary and key points, when processing made them. */
export function VideoInsights({ video, headingLevel: H = 'h5' }: { video: TVideo; headingLevel?: 'h3' | 'h4' | 'h5' }) {
  const summary = video.summary;
  if (!summary) return null;
  return (
    <>
      {summary.summary ? (
        <div className="video-block">
          <H className="video-block-title">Summary</H>
          <p className="video-text">{summary.summary}</p>
        </div>
      ) : null}
      {summary.key_points.length > 0 ? (
        <div className="video-block">
          <H className="video-block-title">Key Points</H>
          <ul className="video-key-points">
            {summary.key_points.map((point, i) => (
              <li key={i}>{point}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
