/** Every deals query key starts with DEALS_QUERY_KEY, so Refresh Data can reload them all at once. */
export const DEALS_QUERY_KEY = ['deals'] as const;

export const dealQueryKeys = {
  lists: () => [...DEALS_QUERY_KEY, 'list'] as const,
  list: (query: string) => [...DEALS_QUERY_KEY, 'list', query] as const,
  detail: (id: string) => [...DEALS_QUERY_KEY, 'detail', id] as const,
  stakeholders: (id: string) => [...DEALS_QUERY_KEY, 'stakeholders', id] as const,
  owners: () => [...DEALS_QUERY_KEY, 'owners'] as const,
  pipelines: () => [...DEALS_QUERY_KEY, 'pipelines'] as const,
};
