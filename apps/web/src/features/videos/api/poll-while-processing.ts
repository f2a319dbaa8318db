import type { TVideo } from '@pipewise/contract/videos';

/** How often the lists are asked again while a recording is still being processed. */
export const PROCESSING_POLL_MS = 4000;

export const isProcessing = (video: Pick<TVideo, 'status'>) => video.status === 'uploaded' || video.status === 'processing';

/** react-query's refetchInterval: poll only while some card still waits for its results. */
export function pollWhileProcessing(query: { state: { data: TVideo[] | undefined } }): number | false {
  return query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false;
}
