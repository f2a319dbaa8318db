import type { TVideo } from '@pipewise/contract/videos';
import { isProcessing } from '../api/poll-while-processing';

/** 'Processing' while the results are being made, 'Failed' with the reason once it gave up. */
export function VideoStatusBadge({ video }: { video: Pick<TVideo, 'status'> }) {
  if (isProcessing(video)) return <span className="badge badge-neutral video-badge">Processing</span>;
  if (video.status === 'failed') return <span className="badge badge-danger video-badge">Failed</span>;
  return null;
}
