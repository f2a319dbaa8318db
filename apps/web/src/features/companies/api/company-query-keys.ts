/** Every companies query key starts with COMPANIES_QUERY_KEY, so a write reloads them all at once. */
export const COMPANIES_QUERY_KEY = ['companies'] as const;

export const companyQueryKeys = {
  list: (query: string) => [...COMPANIES_QUERY_KEY, 'list', query] as const,
  detail: (id: string) => [...COMPANIES_QUERY_KEY, 'detail', id] as const,
  owners: () => [...COMPANIES_QUERY_KEY, 'owners'] as const,
};
