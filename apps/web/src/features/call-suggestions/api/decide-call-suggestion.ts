import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZCallSuggestionDecision,
  type TCallSuggestionAcceptBody,
  type TCallSuggestionDecision,
  type TCallSuggestionsResponse,
} from '@pipewise/contract/call-suggestions';
import { http } from '../../../lib/http';
import { DEALS_QUERY_KEY } from '../../../lib/query-keys';
import { callSuggestionQueryKeys } from './call-suggestion-query-keys';

export type Decision = { id: string } & ({ action: 'accept'; body: TCallSuggestionAcceptBody } | { action: 'dismiss' });

export async function decideCallSuggestion(recordingId: string, decision: Decision): Promise<TCallSuggestionDecision> {
  const base = `/api/videos/${encodeURIComponent(recordingId)}/suggestions/${encodeURIComponent(decision.id)}`;
  const answer = decision.action === 'accept' ? await http.post(`${base}/accept`, decision.body) : await http.post(`${base}/dismiss`);
  return ZCallSuggestionDecision.parse(answer);
}

/** Accept (optionally edited) or dismiss: the list shows the new status and deal version; the deal screens reload. */
export function useDecideCallSuggestion(recordingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decideCallSuggestion(recordingId, decision),
    onSuccess: async (answer) => {
      queryClient.setQueryData<TCallSuggestionsResponse>(callSuggestionQueryKeys.recording(recordingId), (old) =>
        old
          ? {
              ...old,
              deal: old.deal && answer.deal_version !== null ? { ...old.deal, version: answer.deal_version } : old.deal,
              data: old.data.map((s) => (s.id === answer.suggestion.id ? answer.suggestion : s)),
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY });
    },
  });
}
