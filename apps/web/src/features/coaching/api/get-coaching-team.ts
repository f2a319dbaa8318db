import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCoachingTeam, type TCoachingTeam } from '@pipewise/contract/coaching';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';
import { coachingQueryKeys, rangeQuery, type CoachingRange } from './coaching-query-keys';

/** GET /api/coaching: every person the caller sees (a rep: themselves), with the team's medians. */
async function fetchCoachingTeam(range: CoachingRange): Promise<TCoachingTeam> {
  // The days are the viewer's: the zone says where each one starts.
  return ZCoachingTeam.parse(await request('GET', `/api/coaching?${rangeQuery(range)}`, undefined, timeZoneHeader()));
}

export const coachingTeamQueryOptions = (range: CoachingRange) =>
  queryOptions({ queryKey: coachingQueryKeys.team(range), queryFn: () => fetchCoachingTeam(range) });

export function useCoachingTeam(range: CoachingRange) {
  return useQuery(coachingTeamQueryOptions(range));
}
