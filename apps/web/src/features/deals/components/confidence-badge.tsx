import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TDeal, TDealScoreFactor } from '@pipewise/contract/deals';
import { useDealConfidence } from '../api/get-deal-confidence';

/** "-15: no activity for 21 days"; the base reads "62: starts at ...". */
export function factorLine(f: TDealScoreFactor): string {
  const fixed = f.kind === 'base' || f.kind === 'won' || f.kind === 'lost';
  return `${fixed || f.points <= 0 ? '' : '+'}${f.points === 0 && !fixed ? '±0' : f.points}: ${f.reason}`;
}

const tone = (score: number | null) => (score === null ? 'none' : score < 40 ? 'low' : score < 70 ? 'mid' : 'high');

/**
 * The deal's "Confidence on closure" (issue 30): the computed score, and why on hover, on keyboard
 * focus or on a tap (a tooltip the badge names with aria-describedby; Escape closes it). It shows
 * the stored score at once and the fresh one when its query answers, which every write reloads.
 */
export function ConfidenceBadge({ deal }: { deal: TDeal | null }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  // A tap or click focuses the button before its click: that focus is left to the click, which toggles.
  const pressed = useRef(false);
  const fresh = useDealConfidence(deal?.deal_id);
  const score = fresh.data?.confidence_score ?? deal?.confidence_score ?? deal?.confindence_score ?? null;
  const factors = fresh.data?.confidence_factors ?? deal?.confidence_factors ?? [];
  const shown = open || hovered;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && shown) {
      e.stopPropagation();
      setOpen(false);
      setHovered(false);
    }
  };
  return (
    // A mouse's hover shows the factors; a touch's emulated hover does not, so a tap toggles them instead.
    <div
      className="confidence"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <button
        type="button"
        className={`confidence-badge confidence-${tone(score)}`}
        aria-describedby={tooltipId}
        aria-expanded={shown}
        onPointerDown={() => (pressed.current = true)}
        onFocus={() => !pressed.current && setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => {
          pressed.current = false;
          setOpen((o) => !o);
        }}
        onKeyDown={onKeyDown}
      >
        <span className="confidence-value">{score === null ? '–' : `${score}%`}</span>{' '}
        <span className="confidence-label">Confidence on closure</span>
      </button>
      <div id={tooltipId} role="tooltip" className="confidence-tooltip" hidden={!shown}>
        {factors.length === 0 ? (
          <p>{fresh.isPending && deal ? 'Working out the score…' : 'No score yet: it is computed from the deal’s activity.'}</p>
        ) : (
          <>
            <p className="confidence-tooltip-title">Why {score === null ? 'this score' : `${score}%`}</p>
            <ul>
              {factors.map((f, i) => (
                <li
                  key={`${f.kind}-${i}`}
                  className={f.kind === 'base' ? undefined : f.points < 0 ? 'factor-down' : f.points > 0 ? 'factor-up' : undefined}
                >
                  {factorLine(f)}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
