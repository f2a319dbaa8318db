import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCallStats, type TCallStats } from '@pipewise/contract/coaching';
import { http } from '../../../lib/http';
import { callStatsQueryKeys } from './call-stats-query-keys';

export type TeamChannel = 'left' | 'right';

export async function setTeamChannel(recordingId: string, teamChannel: TeamChannel): Promise<TCallStats> {
  const path = `/api/videos/${encodeURIComponent(recordingId)}/call-stats/team-channel`;
  return ZCallStats.parse(await http.put(path, { team_channel: teamChannel }));
}

const COACHING_QUERY_ROOT = ['coaching'] as const;

/** Which stereo channel is the team's side: the answer is the call's statistics recomputed, shown at once. */
export function useSetTeamChannel(recordingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamChannel: TeamChannel) => setTeamChannel(recordingId, teamChannel),
    onSuccess: async (stats) => {
      queryClient.setQueriesData<TCallStats>({ queryKey: callStatsQueryKeys.recording(recordingId) }, () => stats);
      // The call's figures moved to the other side: the Coaching page's (under this root) are stale too.
      await queryClient.invalidateQueries({ queryKey: COACHING_QUERY_ROOT });
    },
  });
}
