import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVideoDealOptions, type TVideoDealOption } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { videoQueryKeys } from './video-query-keys';

/** The deals a recording can be attached to (the spec's video-deal options). */
export async function fetchVideoDeals(): Promise<TVideoDealOption[]> {
  try {
    return ZVideoDealOptions.parse(await http.get('/api/videos/deals'));
  } catch (error) {
    // The spec: other fetch errors are only logged and an empty list is used.
    console.error('Failed to load the deals for uploads', error);
    return [];
  }
}

export const videoDealsQueryOptions = () =>
  queryOptions({ queryKey: videoQueryKeys.dealOptions(), queryFn: fetchVideoDeals, staleTime: 60_000 });

export function useVideoDeals(enabled: boolean) {
  return useQuery({ ...videoDealsQueryOptions(), enabled });
}
