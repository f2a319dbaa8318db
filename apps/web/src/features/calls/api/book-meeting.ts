import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBookedMeeting, type TBookedMeeting, type TMeetingBookingBody } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { CALLS_QUERY_KEY } from './calls-query-keys';

/** Books a call; attending users see it at once, outside attendees are invited. */
export async function bookMeeting(body: TMeetingBookingBody): Promise<TBookedMeeting> {
  return ZBookedMeeting.parse(await http.post('/api/calendar/meetings', body));
}

export function useBookMeeting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookMeeting, onSuccess: () => queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }) });
}
