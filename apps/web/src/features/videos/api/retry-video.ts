import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZVideo, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { VIDEOS_QUERY_KEY } from './video-query-keys';

export async function retryVideo(id: string): Promise<TVideo> {
  return ZVideo.parse(await http.post(`/api/videos/${encodeURIComponent(id)}/retry`));
}

/** Sends a failed recording back to processing; the lists then poll until it settles. */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryVideo, onSettled: () => queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }) });
}
