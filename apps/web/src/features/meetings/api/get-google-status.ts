import { useQuery } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { meetingQueryKeys } from './meeting-query-keys';

/** Whether Gmail may hold drafts for this user; an unknown status counts as not granted. */
export async function fetchGoogleStatus(): Promise<TGoogleStatus | null> {
  try {
    return ZGoogleStatus.parse(await http.get('/api/google/status'));
  } catch (error) {
    console.error('Failed to load the Google connection status', error);
    return null;
  }
}

export function useGoogleStatus(enabled: boolean) {
  return useQuery({ queryKey: meetingQueryKeys.googleStatus(), queryFn: fetchGoogleStatus, enabled, staleTime: 30_000 });
}
