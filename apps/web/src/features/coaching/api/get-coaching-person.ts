import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCoachingPerson, type TCoachingPerson } from '@pipewise/contract/coaching';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';
import { coachingQueryKeys, rangeQuery, type CoachingRange } from './coaching-query-keys';

/** GET /api/coaching/users/{id}: one person's figures, the team's medians, the weekly trend, best and worst calls. */
async function fetchCoachingPerson(userId: string, range: CoachingRange): Promise<TCoachingPerson> {
  const path = `/api/coaching/users/${encodeURIComponent(userId)}?${rangeQuery(range)}`;
  return ZCoachingPerson.parse(await request('GET', path, undefined, timeZoneHeader()));
}

export const coachingPersonQueryOptions = (userId: string, range: CoachingRange) =>
  queryOptions({ queryKey: coachingQueryKeys.person(userId, range), queryFn: () => fetchCoachingPerson(userId, range) });

export function useCoachingPerson(userId: string | null, range: CoachingRange) {
  return useQuery({ ...coachingPersonQueryOptions(userId ?? '', range), enabled: userId !== null });
}
