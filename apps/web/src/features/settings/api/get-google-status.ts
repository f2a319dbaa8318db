import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';

export const GOOGLE_STATUS_QUERY_KEY = ['google-status'] as const;

/** The caller's Google connection as the server keeps it (the browser never holds Google's tokens). */
export async function fetchGoogleStatus(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.get('/api/google/status'));
}

export const googleStatusQueryOptions = queryOptions({ queryKey: GOOGLE_STATUS_QUERY_KEY, queryFn: fetchGoogleStatus });

export function useGoogleStatus() {
  return useQuery(googleStatusQueryOptions);
}
