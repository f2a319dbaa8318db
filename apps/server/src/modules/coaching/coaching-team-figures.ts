import { COACHING_BANDS, COACHING_FIGURES, type TCoachingFigure, type TFigure } from '@pipewise/contract/coaching';

/**
 * The Coaching page's arithmetic over per-call figures (call_stats_people rows): a person's means,
 * the team's median, the bands' marks, the weekly trend and the best and worst calls. Pure: no
 * database, no clock. Definitions: docs/coaching-statistics.md.
 */

export type FigureValues = Record<TCoachingFigure, number | null>;
export type Figures<T> = Record<TCoachingFigure, T>;

/** One call of a person with separated speakers: its per-call values (null: not measurable on that call). */
export type PersonCall = {
  recordingId: string;
  recordedAt: Date;
  /** Where the person's longest monologue starts, in seconds (the best/worst call opens there). */
  longestMonologueStart: number | null;
  values: FigureValues;
};

/** A person's figures over a period: each the mean of the calls that have it, with how many calls that is. */
export type PersonFigures = { userId: string; calls: number; figures: Figures<TFigure> };

const figuresOf = <T>(make: (figure: TCoachingFigure) => T): Figures<T> =>
  Object.fromEntries(COACHING_FIGURES.map((f) => [f, make(f)])) as Figures<T>;

/** The mean of each figure over the calls that have it (null and 0 calls when none has). */
export function meansOf(calls: readonly Pick<PersonCall, 'values'>[]): { calls: number; figures: Figures<TFigure> } {
  return {
    calls: calls.length,
    figures: figuresOf((f) => {
      const values = calls.map((c) => c.values[f]).filter((v): v is number => v !== null);
      return { value: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null, calls: values.length };
    }),
  };
}

/** Whether a value lies outside the band published research ties to won deals (figures without a band: never). */
export function outOfBand(figure: TCoachingFigure, value: number | null): boolean {
  const band = COACHING_BANDS[figure];
  if (!band || value === null) return false;
  return (band.low !== null && value < band.low) || (band.high !== null && value > band.high);
}

/** The figures with their bands' marks. */
export const marked = (figures: Figures<TFigure>): Figures<TFigure & { out_of_band: boolean }> =>
  figuresOf((f) => ({ ...figures[f], out_of_band: outOfBand(f, figures[f].value) }));

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Per figure, the median of the people's values (people without it left out) and the calls those values rest on. */
export function teamMedian(people: readonly Pick<PersonFigures, 'figures'>[]): Figures<TFigure> {
  return figuresOf((f) => {
    const withIt = people.map((p) => p.figures[f]).filter((x) => x.value !== null && x.calls > 0);
    return { value: median(withIt.map((x) => x.value!)), calls: withIt.reduce((a, x) => a + x.calls, 0) };
  });
}

/**
 * How a call's value ranks, lower is better. Banded figures: the distance from the target (talk
 * ratio: 43%) or from the band (questions: 11 to 14). Without a band, the direction the research
 * behind the bands points to: shorter monologues, more switches, longer patience, more questions
 * an hour, fewer fillers. Words per minute has no better direction: the call nearest the team's
 * median is the best, the farthest the worst.
 */
function rankOf(figure: TCoachingFigure, value: number, teamValue: number | null): number {
  const band = COACHING_BANDS[figure];
  if (band?.target != null) return Math.abs(value - band.target);
  if (band) return Math.max(0, (band.low ?? value) - value, value - (band.high ?? value));
  switch (figure) {
    case 'longest_monologue':
    case 'fillers_per_minute':
      return value;
    case 'interactivity':
    case 'patience':
    case 'questions_per_hour':
      return -value;
    default:
      return teamValue === null ? 0 : Math.abs(value - teamValue);
  }
}

/** A figure's best or worst call: which call, its value and where it opens (the monologue's start, else the call's start). */
export type RankedCall = { figure: TCoachingFigure; recordingId: string; recordedAt: Date; value: number; at: number | null };

/**
 * Per figure, the call with the best value and the one with the worst (ties: the latest call). A
 * figure with a single call has a best call only: it is not also its own worst.
 */
export function bestAndWorst(calls: readonly PersonCall[], team: Figures<TFigure>): { best: RankedCall[]; worst: RankedCall[] } {
  const best: RankedCall[] = [];
  const worst: RankedCall[] = [];
  for (const figure of COACHING_FIGURES) {
    const ranked = calls
      .filter((c) => c.values[figure] !== null)
      .map((c) => ({ call: c, rank: rankOf(figure, c.values[figure]!, team[figure].value) }))
      // Best first; among equals the latest first.
      .sort((a, b) => a.rank - b.rank || b.call.recordedAt.getTime() - a.call.recordedAt.getTime());
    const toRanked = (c: PersonCall): RankedCall => ({
      figure,
      recordingId: c.recordingId,
      recordedAt: c.recordedAt,
      value: c.values[figure]!,
      at: figure === 'longest_monologue' ? c.longestMonologueStart : null,
    });
    if (ranked.length === 0) continue;
    best.push(toRanked(ranked[0]!.call));
    if (ranked.length < 2) continue;
    const worstRank = ranked.at(-1)!.rank;
    // The latest of the calls that share the worst value.
    worst.push(toRanked(ranked.find((r) => r.rank === worstRank && r !== ranked[0])!.call));
  }
  return { best, worst };
}
