import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVideoList, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { pollWhileProcessing } from './poll-while-processing';
import { videoQueryKeys } from './video-query-keys';

/** The recordings of everyone below the signed-in user. */
export async function fetchTeamVideos(): Promise<TVideo[]> {
  return ZVideoList.parse(await http.get('/api/videos/subordinate-videos?limit=200'));
}

export const teamVideosQueryOptions = () =>
  queryOptions({ queryKey: videoQueryKeys.team(), queryFn: fetchTeamVideos, refetchInterval: pollWhileProcessing });

export function useTeamVideos() {
  return useQuery(teamVideosQueryOptions());
}
