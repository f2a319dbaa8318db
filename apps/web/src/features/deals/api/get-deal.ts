import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDealByIdResponse, type TDeal } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** Deal ids are positive integers; anything else cannot exist, so it is not asked for. */
export const isDealId = (id: string) => /^[1-9]\d{0,15}$/.test(id);

export async function fetchDeal(id: string): Promise<TDeal> {
  return ZDealByIdResponse.parse(await http.get(`/api/deal/get_deal_by_id/${encodeURIComponent(id)}`)).data;
}

export const dealQueryOptions = (id: string) =>
  queryOptions({ queryKey: dealQueryKeys.detail(id), queryFn: () => fetchDeal(id), enabled: isDealId(id) });

export function useDeal(id: string) {
  return useQuery(dealQueryOptions(id));
}
