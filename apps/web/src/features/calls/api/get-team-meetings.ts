import { queryOptions, useQuery } from '@tanstack/react-query';
import { isTeamCall, ZTeamMeetings, type TCalendarMeeting } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { callsQueryKeys } from './calls-query-keys';
import { rangeQuery, type TCallsRange } from './calls-range';

/** The caller's and their subordinates' meetings from `range.from` on, kept to team calls by the
 * contract's team rule ('Team' calls). */
export async function fetchTeamMeetings(range: TCallsRange): Promise<TCalendarMeeting[]> {
  const { meetings } = ZTeamMeetings.parse(await http.get(`/api/calendar/meetings?${rangeQuery(range)}`));
  return meetings.filter(isTeamCall);
}

export const teamMeetingsQueryOptions = (range: TCallsRange) =>
  queryOptions({ queryKey: callsQueryKeys.team(range.day), queryFn: () => fetchTeamMeetings(range) });

export function useTeamMeetings(range: TCallsRange, enabled = true) {
  return useQuery({ ...teamMeetingsQueryOptions(range), enabled });
}
