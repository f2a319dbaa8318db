import { useQuery } from '@tanstack/react-query';
import { ZCallStats, type TCallStats } from '@pipewise/contract/coaching';
import { http } from '../../../lib/http';
import { callStatsQueryKeys } from './call-stats-query-keys';

/** While the statistics are being computed, the tab asks again this often. */
export const PROCESSING_POLL_MS = 5000;

export async function fetchCallStats(recordingId: string): Promise<TCallStats> {
  return ZCallStats.parse(await http.get(`/api/videos/${encodeURIComponent(recordingId)}/call-stats`));
}

/**
 * A recording's call statistics. Asked again when the recording's status moves (processing ends with them
 * computed), and every few seconds while the server still says 'processing'.
 */
export function useCallStats(recordingId: string, status: string) {
  return useQuery({
    queryKey: [...callStatsQueryKeys.recording(recordingId), status],
    queryFn: () => fetchCallStats(recordingId),
    refetchInterval: (query) => (query.state.data?.state === 'processing' ? PROCESSING_POLL_MS : false),
  });
}
