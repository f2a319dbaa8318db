import { DEALS_QUERY_KEY } from '../../../lib/query-keys';

export { DEALS_QUERY_KEY };

export const dealQueryKeys = {
  lists: () => [...DEALS_QUERY_KEY, 'list'] as const,
  list: (query: string) => [...DEALS_QUERY_KEY, 'list', query] as const,
  detail: (id: string) => [...DEALS_QUERY_KEY, 'detail', id] as const,
  stakeholders: (id: string) => [...DEALS_QUERY_KEY, 'stakeholders', id] as const,
  owners: () => [...DEALS_QUERY_KEY, 'owners'] as const,
  pipelines: () => [...DEALS_QUERY_KEY, 'pipelines'] as const,
};
