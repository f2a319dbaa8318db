import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { useGoogleStatusMutation } from '../../../lib/google-status';

/** Sync now: the server queues the calendar sync at once (202) and answers the status, syncing. */
export async function syncGoogle(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/sync'));
}

export const useSyncGoogle = () => useGoogleStatusMutation(syncGoogle);
