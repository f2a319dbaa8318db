import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBookedMeeting, type TBookedMeeting } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { CALLS_QUERY_KEY } from './calls-query-keys';

/** Cancels a booked call; outside attendees get the cancellation. */
export async function cancelMeeting(id: string): Promise<TBookedMeeting> {
  return ZBookedMeeting.parse(await http.delete(`/api/calendar/meetings/${encodeURIComponent(id)}`));
}

export function useCancelMeeting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelMeeting, onSettled: () => queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }) });
}
