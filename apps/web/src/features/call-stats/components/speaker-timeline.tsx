import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { TCallTurn } from '@pipewise/contract/coaching';
import { clockText } from '../../../lib/play-from';
import { axisTicks, lanesOf, lengthText, SIDE_LABELS, timelineEnd, type Lane } from '../utils/call-stats-format';

type Play = ((seconds: number) => void) | null;

const at = (seconds: number, end: number) => `${(Math.min(seconds, end) / end) * 100}%`;
const turnLabel = (turn: TCallTurn) => `${turn.name}, ${clockText(turn.start)} for ${lengthText(turn.end - turn.start)}`;

/**
 * One speaker's turns on the time axis. When the recording plays, each turn is a button that plays from its
 * start (the lane is a toolbar: one Tab stop, arrow keys, Home and End move between its turns), and a click on
 * the lane between turns plays from that moment.
 */
function LaneTrack({ lane, end, onPlay }: { lane: Lane; end: number; onPlay: Play }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const style = (turn: TCallTurn) => ({ left: at(turn.start, end), width: at(turn.end - turn.start, end) });
  const className = `timeline-turn timeline-${lane.side}`;

  if (!onPlay) {
    return (
      <div className="timeline-track" aria-hidden="true">
        {lane.turns.map((turn, i) => (
          <span key={i} className={className} style={style(turn)} title={turnLabel(turn)} />
        ))}
      </div>
    );
  }
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = lane.turns.length - 1;
    const next = { ArrowRight: Math.min(last, index + 1), ArrowLeft: Math.max(0, index - 1), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };
  // A click on the lane itself (not on a turn) plays from the moment under the pointer.
  const onTrackClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) onPlay(((event.clientX - box.left) / box.width) * end);
  };
  return (
    <div
      className="timeline-track timeline-track-playable"
      role="toolbar"
      aria-label={`${lane.name}: play from a turn`}
      onClick={onTrackClick}
    >
      {lane.turns.map((turn, i) => (
        <button
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          className={className}
          style={style(turn)}
          tabIndex={i === active ? 0 : -1}
          aria-label={`Play from ${clockText(turn.start)}: ${turn.name}, ${lengthText(turn.end - turn.start)}`}
          title={turnLabel(turn)}
          onClick={() => {
            setActive(i);
            onPlay(turn.start);
          }}
          onKeyDown={(e) => onKeyDown(e, i)}
        />
      ))}
    </div>
  );
}

/**
 * Who spoke when: one lane per speaker (the team's side first), each turn placed on a time axis that scales to
 * the width of the screen. `onPlay` null: the recording has no media, so the lanes are only drawn. `channels`: the
 * speakers are a stereo recording's channels, whose label ("Left channel") is shown beside the side's name.
 * `mediaSeconds`: the recording's length, where the axis ends.
 */
type TimelineProps = { turns: readonly TCallTurn[]; onPlay: Play; channels?: boolean; mediaSeconds?: number | null };

export function SpeakerTimeline({ turns, onPlay, channels = false, mediaSeconds = null }: TimelineProps) {
  const lanes = lanesOf(turns);
  const end = timelineEnd(turns, mediaSeconds);
  return (
    <div className="speaker-timeline">
      {onPlay ? (
        <p className="muted call-stats-help" id="speaker-timeline-help">
          Click a turn, or anywhere on a lane, to play the call from there. With the keyboard: Tab to a lane, arrow keys to a turn, Enter to
          play.
        </p>
      ) : null}
      <ul className="timeline-lanes" aria-label="Speakers on the timeline">
        {lanes.map((lane) => (
          <li key={lane.speaker} className="timeline-lane">
            <span className="timeline-lane-name">
              <span className="timeline-lane-who">
                <span className={`timeline-swatch timeline-${lane.side}`} aria-hidden="true" />
                {lane.name}
              </span>
              <span className="timeline-lane-side">
                {' '}
                ({channels ? `${lane.speaker}, ` : ''}
                {SIDE_LABELS[lane.side]}, {lane.turns.length} {lane.turns.length === 1 ? 'turn' : 'turns'})
              </span>
            </span>
            <LaneTrack lane={lane} end={end} onPlay={onPlay} />
          </li>
        ))}
      </ul>
      <div className="timeline-axis" aria-hidden="true">
        {axisTicks(end).map((tick, i) => (
          <span key={i} style={{ left: at(tick, end) }}>
            {clockText(tick)}
          </span>
        ))}
      </div>
    </div>
  );
}
