import { Link } from 'react-router';
import type { TCoachingCall, TCoachingFigure } from '@pipewise/contract/coaching';
import { clockText, meetingPlayLink } from '../../../lib/play-from';
import { callDate, formatFigure } from '../utils/figure-format';

/** The meeting page at the call's moment for this figure (?t=, click-to-play), else at its start. */
const callLink = (call: TCoachingCall) =>
  call.at === null ? `/dashboard/meeting/${encodeURIComponent(call.recording_id)}` : meetingPlayLink(call.recording_id, call.at);

type CoachingCallsProps = { title: string; figure: TCoachingFigure; calls: readonly TCoachingCall[] };

/** A figure's best or worst calls: each opens the call at the moment, with its date and value. */
export function CoachingCalls({ title, figure, calls }: CoachingCallsProps) {
  if (calls.length === 0) return null;
  return (
    <div className="coaching-calls">
      <h4 className="coaching-calls-title">{title}</h4>
      <ul>
        {calls.map((call) => (
          <li key={`${call.recording_id}-${call.at ?? ''}`}>
            <Link to={callLink(call)}>{call.title}</Link>
            <span className="coaching-call-meta">
              {callDate(call.recorded_at)} · {formatFigure(figure, call.value)}
              {call.at === null ? '' : ` · at ${clockText(call.at)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
