import { useQuery } from '@tanstack/react-query';
import { ZVideo, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { meetingQueryKeys } from './meeting-query-keys';

export async function fetchMeeting(id: string): Promise<TVideo> {
  return ZVideo.parse(await http.get(`/api/videos/${encodeURIComponent(id)}`));
}

/**
 * One meeting's recording. The record passed in navigation state shows at once; the URL alone
 * (a reload or a shared link) loads it, and either way the server's copy replaces it.
 */
export function useMeeting(id: string, fromState: TVideo | null) {
  return useQuery({
    queryKey: meetingQueryKeys.detail(id),
    queryFn: () => fetchMeeting(id),
    initialData: fromState?.id === id ? fromState : undefined,
    initialDataUpdatedAt: 0,
    retry: false,
  });
}
