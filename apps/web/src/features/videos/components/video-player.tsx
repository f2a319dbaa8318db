import type { TVideo } from '@pipewise/contract/videos';

/** The recording's player; metadata only until played, so a page of cards stays light. */
export function VideoPlayer({ video, label }: { video: Pick<TVideo, 's3_url'>; label: string }) {
  if (!video.s3_url) return <div className="video-player video-player-empty">No recording to play</div>;
  return <video className="video-player" controls preload="metadata" src={video.s3_url} aria-label={label} />;
}
