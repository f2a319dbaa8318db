import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBookedMeeting, type TBookedMeeting, type TMeetingUpdateBody } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { CALLS_QUERY_KEY } from './calls-query-keys';

/** Edits a booked call; outside attendees get the update. */
export async function updateMeeting({ id, body }: { id: string; body: TMeetingUpdateBody }): Promise<TBookedMeeting> {
  return ZBookedMeeting.parse(await http.patch(`/api/calendar/meetings/${encodeURIComponent(id)}`, body));
}

export function useUpdateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMeeting, onSuccess: () => queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }) });
}
