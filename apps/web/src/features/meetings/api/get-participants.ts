import { useQuery } from '@tanstack/react-query';
import { ZAttendeeOptions, ZParticipantsResponse, type TAttendeeOption, type TParticipantsResponse } from '@pipewise/contract/participants';
import { http } from '../../../lib/http';
import { meetingQueryKeys } from './meeting-query-keys';

/** GET /api/videos/{id}/participants: who was there, and the transcript's speaker labels to map (issue 30). */
export async function fetchParticipants(videoId: string): Promise<TParticipantsResponse> {
  return ZParticipantsResponse.parse(await http.get(`/api/videos/${encodeURIComponent(videoId)}/participants`));
}

export function useParticipants(videoId: string, enabled = true) {
  return useQuery({ queryKey: meetingQueryKeys.participants(videoId), queryFn: () => fetchParticipants(videoId), enabled });
}

/** Workspace users and contacts the caller sees, for "Add participant". */
export async function fetchAttendeeOptions(q: string): Promise<TAttendeeOption[]> {
  return ZAttendeeOptions.parse(await http.get(`/api/videos/attendee-options?q=${encodeURIComponent(q)}`)).data;
}

export function useAttendeeOptions(q: string) {
  return useQuery({
    queryKey: meetingQueryKeys.attendeeOptions(q),
    queryFn: () => fetchAttendeeOptions(q),
    enabled: q !== '',
    staleTime: 60_000,
  });
}
