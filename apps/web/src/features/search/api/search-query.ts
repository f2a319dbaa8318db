import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchResponse } from '@pipewise/contract/assistant';
import { loadChunk } from '../../../lib/chunk-load';

/** Results per group in the header's dropdown. */
export const SEARCH_LIMIT = 5;
/** Shorter terms are not sent: one letter matches too much to help. */
export const MIN_SEARCH_LENGTH = 2;

export const searchQueryKey = (q: string) => ['search', q, SEARCH_LIMIT] as const;

/**
 * The fetcher (with the response schema, and so zod) loads on the first search, not with the
 * dashboard: the header is on every screen's first load.
 */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchQueryKey(q),
    queryFn: async (): Promise<TSearchResponse> => (await loadChunk(() => import('./fetch-search'))).fetchSearch(q, SEARCH_LIMIT),
    enabled: q.length >= MIN_SEARCH_LENGTH,
    staleTime: 30_000,
    retry: false,
  });

export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
