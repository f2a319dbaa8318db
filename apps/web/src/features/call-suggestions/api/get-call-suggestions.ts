import { useQuery } from '@tanstack/react-query';
import { ZCallSuggestionsResponse, type TCallSuggestionsResponse } from '@pipewise/contract/call-suggestions';
import { http } from '../../../lib/http';
import { callSuggestionQueryKeys } from './call-suggestion-query-keys';

export async function fetchCallSuggestions(recordingId: string): Promise<TCallSuggestionsResponse> {
  return ZCallSuggestionsResponse.parse(await http.get(`/api/videos/${encodeURIComponent(recordingId)}/suggestions`));
}

/** A recording's suggested updates to its deal, with the deal's version an accept checks. */
export function useCallSuggestions(recordingId: string) {
  return useQuery({ queryKey: callSuggestionQueryKeys.recording(recordingId), queryFn: () => fetchCallSuggestions(recordingId) });
}
