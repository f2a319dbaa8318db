import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { useGoogleStatusMutation } from '../../../lib/google-status';

export type GoogleReturn = { code: string; state: string; scope?: string };

/** Finishes the connect with what Google put on the settings page's address. */
export async function exchangeGoogleToken(input: GoogleReturn): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/exchange-token', input));
}

export const useExchangeGoogleToken = () => useGoogleStatusMutation(exchangeGoogleToken);
