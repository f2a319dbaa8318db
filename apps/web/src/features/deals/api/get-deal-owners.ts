import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOwnersResponse, type TOwner } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** The owners the caller can see and assign deals to. */
export async function fetchDealOwners(): Promise<TOwner[]> {
  return ZOwnersResponse.parse(await http.get('/api/deal/owners')).data;
}

export const dealOwnersQueryOptions = queryOptions({
  queryKey: dealQueryKeys.owners(),
  queryFn: fetchDealOwners,
  staleTime: 5 * 60_000,
});

export function useDealOwners() {
  return useQuery(dealOwnersQueryOptions);
}

/** The spec's display name: the name, falling back to the email. */
export const ownerDisplayName = (owner: Pick<TOwner, 'name' | 'email'>) => owner.name.trim() || owner.email;
