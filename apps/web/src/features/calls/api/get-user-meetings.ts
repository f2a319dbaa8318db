import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserMeetings, type TCalendarMeeting } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { callsQueryKeys } from './calls-query-keys';
import { rangeQuery, type TCallsRange } from './calls-range';

/** The caller's own meetings from `range.from` on ('Your' calls). */
export async function fetchUserMeetings(range: TCallsRange): Promise<TCalendarMeeting[]> {
  return ZUserMeetings.parse(await http.get(`/api/calendar/user-meetings/?${rangeQuery(range)}`)).meetings;
}

export const userMeetingsQueryOptions = (range: TCallsRange) =>
  queryOptions({ queryKey: callsQueryKeys.yours(range.day), queryFn: () => fetchUserMeetings(range) });

export function useUserMeetings(range: TCallsRange, enabled = true) {
  return useQuery({ ...userMeetingsQueryOptions(range), enabled });
}
