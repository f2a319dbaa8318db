import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { GOOGLE_STATUS_QUERY_KEY } from './get-google-status';

/** Sync now: the server queues the calendar sync at once (202) and answers the status, syncing. */
export async function syncGoogle(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/sync'));
}

export function useSyncGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncGoogle,
    onSuccess: (status) => queryClient.setQueryData(GOOGLE_STATUS_QUERY_KEY, status),
  });
}
