import { DEALS_QUERY_KEY } from '../../../lib/query-keys';

/** A recording's suggestions, and a deal's open ones per call (under the deals root, so Refresh Data reloads them). */
export const callSuggestionQueryKeys = {
  recording: (recordingId: string) => ['call-suggestions', recordingId] as const,
  deal: (dealId: string) => [...DEALS_QUERY_KEY, 'call-suggestions', dealId] as const,
};
