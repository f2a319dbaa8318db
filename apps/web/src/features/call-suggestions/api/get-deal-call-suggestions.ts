import { useQuery } from '@tanstack/react-query';
import { ZDealCallSuggestionsResponse, type TDealCallSuggestionsResponse } from '@pipewise/contract/call-suggestions';
import { http } from '../../../lib/http';
import { callSuggestionQueryKeys } from './call-suggestion-query-keys';

export async function fetchDealCallSuggestions(dealId: string): Promise<TDealCallSuggestionsResponse> {
  return ZDealCallSuggestionsResponse.parse(await http.get(`/api/deals/${encodeURIComponent(dealId)}/call-suggestions`));
}

/** A deal's open suggestions, per call the caller sees. */
export function useDealCallSuggestions(dealId: string) {
  return useQuery({ queryKey: callSuggestionQueryKeys.deal(dealId), queryFn: () => fetchDealCallSuggestions(dealId) });
}
