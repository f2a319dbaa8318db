import { clockText } from '../../../lib/play-from';

/** A moment of the call: a button that plays from it when the recording has media, else its time as text. */
export function PlayTime({ seconds, onPlay, label }: { seconds: number; onPlay: ((seconds: number) => void) | null; label?: string }) {
  const time = clockText(seconds);
  if (!onPlay) return <span className="call-stats-time">{time}</span>;
  return (
    <button
      type="button"
      className="call-stats-time call-stats-play"
      aria-label={`Play from ${time}${label ? `: ${label}` : ''}`}
      onClick={() => onPlay(seconds)}
    >
      {time}
    </button>
  );
}

export const BANDS_SECTION_ID = 'call-stats-bands';

/**
 * Moves to the section explaining the bands. A button, not a #fragment link: a fragment navigation is a new
 * history entry, which the meeting's player would take as a new ?t= request and play again.
 */
export function BandsLink() {
  return (
    <button
      type="button"
      className="btn btn-link call-stats-bands-link"
      onClick={() => {
        const section = document.getElementById(BANDS_SECTION_ID);
        section?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        section?.focus({ preventScroll: true });
      }}
    >
      What the bands mean
    </button>
  );
}
