import type { TCallTurn, TSide } from '@pipewise/contract/coaching';

/** A share (0..1) as a whole percentage: '43%'. */
export const percentText = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** A length of time as people say it: '45 s', '2 min 5 s', '1 h 2 min'. */
export function lengthText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return sec > 0 ? `${m} min ${sec} s` : `${m} min`;
}

/** A rate with one decimal ('3.2'), or the figure's absence ('—'). */
export const rateText = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** Whole numbers for counts and words per minute ('152'), or '—'. */
export const wholeText = (value: number | null) => (value === null ? '—' : String(Math.round(value)));

export const SIDE_LABELS: Record<TSide, string> = { team: 'Your team', customer: 'Customer', unknown: 'Unknown side' };

/** Above this share of the talk, calls convert worse (Gong Labs; COACHING_BANDS.talk_ratio). */
export const TALK_RATIO_HIGH = 0.65;

/** One lane of the timeline: a speaker and their turns, in order. */
export type Lane = { speaker: string; name: string; side: TSide; turns: TCallTurn[] };

const SIDE_ORDER: Record<TSide, number> = { team: 0, customer: 1, unknown: 2 };

/** The turns grouped by speaker: the team's side first, then the customer's, then unknown speakers, each in order of first word. */
export function lanesOf(turns: readonly TCallTurn[]): Lane[] {
  const lanes = new Map<string, Lane>();
  for (const turn of turns) {
    const lane = lanes.get(turn.speaker) ?? { speaker: turn.speaker, name: turn.name, side: turn.side, turns: [] };
    lane.turns.push(turn);
    lanes.set(turn.speaker, lane);
  }
  // Map keeps first-appearance order; sort is stable.
  return [...lanes.values()].sort((a, b) => SIDE_ORDER[a.side] - SIDE_ORDER[b.side]);
}

/**
 * The time axis' end: the recording's length (so the axis matches the player's), or the last word when that is
 * later; at least one second (so a position is always a share of something).
 */
export const timelineEnd = (turns: readonly TCallTurn[], mediaSeconds: number | null = null) =>
  Math.max(1, mediaSeconds ?? 0, ...turns.map((t) => t.end));

/** Where the axis' labels go: the start, quarters and the end, in whole seconds. */
export const axisTicks = (end: number) => [0, 0.25, 0.5, 0.75, 1].map((share) => Math.floor(share * end));
