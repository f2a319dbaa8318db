import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGoogleStatus } from '@pipewise/contract/calendar';
import { loadChunk } from './chunk-load';
import { http } from './http';

/**
 * The caller's Google connection, one cache entry for every screen that shows it: the Settings card
 * and the meeting page's Gmail drafts read the same query, so a connect, sync or disconnect there
 * shows here at once.
 */
export const GOOGLE_STATUS_QUERY_KEY = ['google-status'] as const;
/** How often the status is asked again while a sync runs. */
export const SYNC_POLL_MS = 1000;

/** The caller's Google connection as the server keeps it (the browser never holds Google's tokens). */
export async function fetchGoogleStatus(): Promise<TGoogleStatus> {
  // The schema loads beside the request: shared code is on every page, the calendar's schemas are not.
  const [answer, { ZGoogleStatus }] = await Promise.all([
    http.get('/api/google/status'),
    loadChunk(() => import('@pipewise/contract/calendar')),
  ]);
  return ZGoogleStatus.parse(answer);
}

export const googleStatusQueryOptions = queryOptions({
  queryKey: GOOGLE_STATUS_QUERY_KEY,
  queryFn: fetchGoogleStatus,
  // While a sync is under way the status is asked again each second, until it ends.
  refetchInterval: (query) => (query.state.data?.syncing ? SYNC_POLL_MS : false),
});

export function useGoogleStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...googleStatusQueryOptions, enabled });
}

/**
 * A request that answers the caller's Google status (exchange, Sync now, disconnect): every screen shows
 * that answer at once. A status read still on its way is older than the answer, so it is dropped.
 */
export function useGoogleStatusMutation<TInput = void>(mutationFn: (input: TInput) => Promise<TGoogleStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (status) => {
      await queryClient.cancelQueries({ queryKey: GOOGLE_STATUS_QUERY_KEY });
      queryClient.setQueryData(GOOGLE_STATUS_QUERY_KEY, status);
    },
  });
}
