import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';
import { GOOGLE_STATUS_QUERY_KEY } from './get-google-status';

export type GoogleReturn = { code: string; state: string; scope?: string };

/** Finishes the connect with what Google put on the settings page's address. */
export async function exchangeGoogleToken(input: GoogleReturn): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.post('/api/google/exchange-token', input));
}

export function useExchangeGoogleToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeGoogleToken,
    onSuccess: (status) => queryClient.setQueryData(GOOGLE_STATUS_QUERY_KEY, status),
  });
}
