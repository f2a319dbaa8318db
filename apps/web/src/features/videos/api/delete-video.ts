import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { VIDEOS_QUERY_KEY } from './video-query-keys';

export async function deleteVideo(id: string): Promise<void> {
  await http.delete(`/api/videos/${encodeURIComponent(id)}`);
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVideo, onSettled: () => queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }) });
}
