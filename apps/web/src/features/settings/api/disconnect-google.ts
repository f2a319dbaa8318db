import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { useGoogleStatusMutation } from '../../../lib/google-status';

/** Revokes the grant at Google and forgets both tokens on the server. */
export async function disconnectGoogle(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/disconnect'));
}

export const useDisconnectGoogle = () => useGoogleStatusMutation(disconnectGoogle);
