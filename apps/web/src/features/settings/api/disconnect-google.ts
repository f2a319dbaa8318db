import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { GOOGLE_STATUS_QUERY_KEY } from './get-google-status';

/** Revokes the grant at Google and forgets both tokens on the server. */
export async function disconnectGoogle(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/disconnect'));
}

export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: (status) => queryClient.setQueryData(GOOGLE_STATUS_QUERY_KEY, status),
  });
}
