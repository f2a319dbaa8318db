import { ArrowLeftRight, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http';
import { useSetTeamChannel, type TeamChannel } from '../api/set-team-channel';

const FAILED = 'Failed to swap the sides. Please try again.';

/**
 * A stereo recording's sides: which channel is the team's (left by default, as dialers write it), and a button
 * that swaps them. The answer is the call's statistics recomputed; the change is confirmed on screen, a refusal shown.
 */
export function ChannelSides({ recordingId, teamChannel }: { recordingId: string; teamChannel: TeamChannel }) {
  const swap = useSetTeamChannel(recordingId);
  const [done, setDone] = useState<string | null>(null);
  const other: TeamChannel = teamChannel === 'left' ? 'right' : 'left';
  const onSwap = () => {
    setDone(null);
    swap.mutate(other, {
      onSuccess: (stats) => setDone(`Sides swapped: the ${stats.team_channel ?? other} channel is now your team's side.`),
    });
  };
  return (
    <div className="channel-sides">
      <p>
        Speakers from the stereo channels: <strong>{teamChannel}</strong> is your team's side, {other} is the customer's.
      </p>
      <Button variant="secondary" onClick={onSwap} disabled={swap.isPending} aria-busy={swap.isPending || undefined}>
        <ArrowLeftRight size={16} aria-hidden="true" />
        {swap.isPending ? 'Swapping...' : 'Swap sides'}
      </Button>
      <div role="status" className="notice-region">
        {done ? (
          <p className="alert alert-success">
            <CircleCheck size={16} aria-hidden="true" />
            <span>{done}</span>
          </p>
        ) : null}
      </div>
      {swap.isError ? <AlertMessage>{isApiError(swap.error) && swap.error.detail ? swap.error.detail : FAILED}</AlertMessage> : null}
    </div>
  );
}
