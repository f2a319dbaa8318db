import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { RECORD_TIMELINE_QUERY_KEY } from './query-keys';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Any write may add to a record's history (a deal's edit, its stakeholders, a note, a task, a
    // booked call): the timeline on screen reloads after each one (only mounted timelines refetch).
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: RECORD_TIMELINE_QUERY_KEY }),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
