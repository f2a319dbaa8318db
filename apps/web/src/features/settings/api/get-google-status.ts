import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZGoogleStatus, type TGoogleStatus } from '@pipewise/contract/calendar';
import { http } from '../../../lib/http';

export const GOOGLE_STATUS_QUERY_KEY = ['google-status'] as const;
/** How often the card asks while a sync runs. */
export const SYNC_POLL_MS = 1000;

/** The caller's Google connection as the server keeps it (the browser never holds Google's tokens). */
export async function fetchGoogleStatus(): Promise<TGoogleStatus> {
  return ZGoogleStatus.parse(await http.get('/api/google/status'));
}

export const googleStatusQueryOptions = queryOptions({
  queryKey: GOOGLE_STATUS_QUERY_KEY,
  queryFn: fetchGoogleStatus,
  // While a sync is under way the card asks again each second, until it ends.
  refetchInterval: (query) => (query.state.data?.syncing ? SYNC_POLL_MS : false),
});

export function useGoogleStatus() {
  return useQuery(googleStatusQueryOptions);
}

/** A request that answers the caller's Google status (exchange, Sync now, disconnect): the card shows that answer at once. */
export function useGoogleStatusMutation<TInput = void>(mutationFn: (input: TInput) => Promise<TGoogleStatus>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (status) => queryClient.setQueryData(GOOGLE_STATUS_QUERY_KEY, status) });
}
