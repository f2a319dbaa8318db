import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVideosByDeal, type TVideo } from '@pipewise/contract/videos';
import { http } from '../../../lib/http';
import { videoQueryKeys } from './video-query-keys';

/**
 * A deal's recordings for its timeline. The spec only logs failures of such lists and shows them
 * empty, so a failed request reads as no events rather than an error on the deal page.
 */
export async function fetchDealVideos(dealId: string): Promise<TVideo[]> {
  try {
    return ZVideosByDeal.parse(await http.get(`/api/videos/get-video-by-dealId/${encodeURIComponent(dealId)}`)).data;
  } catch (error) {
    console.error('Failed to load the deal recordings', error);
    return [];
  }
}

export const dealVideosQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: videoQueryKeys.byDeal(dealId), queryFn: () => fetchDealVideos(dealId), enabled: dealId !== '' });

export function useDealVideos(dealId: string) {
  return useQuery(dealVideosQueryOptions(dealId));
}
