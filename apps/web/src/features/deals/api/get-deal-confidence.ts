import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDealConfidence, type TDealConfidence } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { RECORD_TIMELINE_QUERY_KEY } from '../../../lib/query-keys';
import { isDealId } from './get-deal';

/** GET /api/deal/{id}/confidence: the score and its factors, computed now. */
export async function fetchDealConfidence(id: string): Promise<TDealConfidence> {
  return ZDealConfidence.parse(await http.get(`/api/deal/${encodeURIComponent(id)}/confidence`));
}

/**
 * Under the timeline's root key, which every successful write reloads (lib/query-client.ts): a note,
 * a task, an edit of the deal, so the badge follows its inputs as the timeline does.
 */
export const dealConfidenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...RECORD_TIMELINE_QUERY_KEY, 'deal', id, 'confidence'] as const,
    queryFn: () => fetchDealConfidence(id),
    enabled: isDealId(id),
  });

export function useDealConfidence(id: string | undefined) {
  return useQuery({ ...dealConfidenceQueryOptions(id ?? ''), enabled: !!id && isDealId(id) });
}
