import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVideoList, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { pollWhileProcessing } from './poll-while-processing';
import { videoQueryKeys } from './video-query-keys';

export async function fetchMyVideos(): Promise<TVideo[]> {
  return ZVideoList.parse(await http.get('/api/videos/my-videos?limit=200'));
}

export const myVideosQueryOptions = () =>
  queryOptions({ queryKey: videoQueryKeys.mine(), queryFn: fetchMyVideos, refetchInterval: pollWhileProcessing });

export function useMyVideos() {
  return useQuery(myVideosQueryOptions());
}
