import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOwnersResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { CALLS_QUERY_KEY } from './calls-query-keys';

export type TColleague = { email: string; name: string };

/** The people the caller sees (themselves and those below them; admins: everyone), offered as attendees. */
export async function fetchColleagues(): Promise<TColleague[]> {
  const { data } = ZOwnersResponse.parse(await http.get('/api/deal/owners'));
  return data.map((o) => ({ email: o.email.toLowerCase(), name: o.name.trim() || o.email }));
}

export const colleaguesQueryOptions = queryOptions({
  queryKey: [...CALLS_QUERY_KEY, 'colleagues'] as const,
  queryFn: fetchColleagues,
  staleTime: 5 * 60_000,
});

export function useColleagues() {
  return useQuery(colleaguesQueryOptions);
}
