/** Every contacts query key starts with CONTACTS_QUERY_KEY, so a write reloads them all at once. */
export const CONTACTS_QUERY_KEY = ['contacts'] as const;

export const contactQueryKeys = {
  list: (query: string) => [...CONTACTS_QUERY_KEY, 'list', query] as const,
  detail: (id: string) => [...CONTACTS_QUERY_KEY, 'detail', id] as const,
  owners: () => [...CONTACTS_QUERY_KEY, 'owners'] as const,
  companies: (search: string) => [...CONTACTS_QUERY_KEY, 'company-options', search] as const,
};
