import type { TCallStatsBody, TSide } from '@pipewise/contract/coaching';
import { BandsLink } from './play-time';
import { lengthText, percentText, SIDE_LABELS, TALK_RATIO_HIGH } from '../utils/call-stats-format';

type Row = { key: string; label: string; detail?: string; side: TSide; seconds: number; ratio: number };

/** The team's side talking more than 65% of the time: the band published research ties to fewer won deals. */
const overBand = (row: Row) => row.side === 'team' && row.ratio > TALK_RATIO_HIGH;

function RatioRow({ row }: { row: Row }) {
  const high = overBand(row);
  return (
    <li className={high ? 'ratio-row ratio-row-high' : 'ratio-row'}>
      <span className="ratio-name">
        {row.label}
        {row.detail ? <span className="muted"> ({row.detail})</span> : null}
        {high ? <span className="badge badge-danger ratio-flag">Above 65%</span> : null}
      </span>
      <span className="ratio-bar" aria-hidden="true">
        <span className={`ratio-fill timeline-${row.side}`} style={{ width: percentText(row.ratio) }} />
      </span>
      <span className="ratio-value">
        <strong>{percentText(row.ratio)}</strong> <span className="muted">· {lengthText(row.seconds)}</span>
      </span>
    </li>
  );
}

/** Talk ratio per side and per person: a bar each, with the percentage and talk time as text; the team above 65% is marked. */
export function TalkRatio({ stats }: { stats: TCallStatsBody }) {
  const sides: Row[] = stats.sides
    ? (['team', 'customer', 'unknown'] as const)
        .filter((side) => side !== 'unknown' || stats.sides!.unknown.talk_seconds > 0)
        .map((side) => ({
          key: side,
          label: SIDE_LABELS[side],
          side,
          seconds: stats.sides![side].talk_seconds,
          ratio: stats.sides![side].talk_ratio,
        }))
    : [];
  const people: Row[] = stats.people.map((p) => ({
    key: p.speaker,
    label: p.name,
    detail: SIDE_LABELS[p.side],
    side: p.side,
    seconds: p.talk_seconds,
    ratio: p.talk_ratio,
  }));
  return (
    <div className="talk-ratio">
      <p className="muted call-stats-help">
        Each speaker's share of all talk time (two people talking at once both count). Band: on won calls reps talked about 43% of the time;
        above 65% converts worse. <BandsLink />
      </p>
      <h4 className="call-stats-subtitle">Per side</h4>
      <ul className="ratio-list" aria-label="Talk ratio per side">
        {sides.map((row) => (
          <RatioRow key={row.key} row={row} />
        ))}
      </ul>
      <h4 className="call-stats-subtitle">Per person</h4>
      <ul className="ratio-list" aria-label="Talk ratio per person">
        {people.map((row) => (
          <RatioRow key={row.key} row={row} />
        ))}
      </ul>
    </div>
  );
}
