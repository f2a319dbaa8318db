import { useQuery } from '@tanstack/react-query';
import { ZAttendeeOptions, type TAttendeeOption } from '@pipewise/contract/participants';
import { http } from '../../../lib/http';
import { videoQueryKeys } from './video-query-keys';

/** Workspace users and contacts the caller sees whose name or email holds `q` (issue 30). */
export async function fetchAttendeeOptions(q: string): Promise<TAttendeeOption[]> {
  return ZAttendeeOptions.parse(await http.get(`/api/videos/attendee-options?q=${encodeURIComponent(q)}`)).data;
}

/** The upload dialog's attendee suggestions, asked once something is typed. */
export function useAttendeeOptions(q: string) {
  return useQuery({
    queryKey: videoQueryKeys.attendeeOptions(q),
    queryFn: () => fetchAttendeeOptions(q),
    enabled: q !== '',
    staleTime: 60_000,
  });
}
