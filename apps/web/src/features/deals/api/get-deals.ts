import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ZDealListResponse, type TDealListResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** One page of the filtered deals plus the count and amount of the whole filtered set. */
export async function fetchDeals(query: URLSearchParams): Promise<TDealListResponse> {
  return ZDealListResponse.parse(await http.get(`/api/deal/get-deals-user-hierarchy?${query.toString()}`));
}

/** Keyed by the query string; the previous page stays on screen while the next one loads. */
export const dealsQueryOptions = (query: URLSearchParams) => {
  const key = query.toString();
  return queryOptions({
    queryKey: dealQueryKeys.list(key),
    queryFn: () => fetchDeals(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
  });
};

export function useDeals(query: URLSearchParams) {
  return useQuery(dealsQueryOptions(query));
}

/** Several lists at once, e.g. one per stage for Group by Stage. */
export function useDealsLists(queries: URLSearchParams[]) {
  return useQueries({ queries: queries.map((query) => ({ ...dealsQueryOptions(query), placeholderData: undefined })) });
}
