/**
 * Who spoke when: a call's turns, each speaker's talk time, the runs (monologues and stories) and which speaker a
 * stretch of words belongs to (definitions: docs/coaching-statistics.md). Pure.
 */

/** One stretch of one speaker's speech; `backchannel`: shorter than 1 s (and at most 2 words, when words are known). */
export type Turn = { start: number; end: number; speaker: string; backchannel: boolean };

/** Shorter than this (seconds) and at most BACKCHANNEL_WORDS words: "mm-hm", "right", "yes exactly". */
export const BACKCHANNEL_SECONDS = 1.0;
export const BACKCHANNEL_WORDS = 2;

/** Times a time figure can use: both finite and the end not before the start. */
export const hasTimes = <T extends { start: number | null; end: number | null }>(t: T): t is T & { start: number; end: number } =>
  t.start !== null && t.end !== null && Number.isFinite(t.start) && Number.isFinite(t.end) && t.end >= t.start;

/** Ordered by start, then end; equal turns keep their input order (Array.prototype.sort is stable). */
export const byTime = <T extends { start: number; end: number }>(turns: T[]): T[] =>
  [...turns].sort((a, b) => a.start - b.start || a.end - b.end);

/** Intervals merged where they overlap or touch, in order. */
export function mergeIntervals(intervals: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const { start, end } of byTime([...intervals])) {
    const last = out.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}

/** The length of the union of the intervals: a speaker's overlapping turns count once. */
export const unionSeconds = (intervals: readonly { start: number; end: number }[]): number =>
  mergeIntervals(intervals).reduce((sum, i) => sum + (i.end - i.start), 0);

/** A maximal stretch of consecutive turns of one speaker (another speaker's backchannels inside do not end it). */
export type Run = { speaker: string; start: number; end: number; seconds: number };

/**
 * The runs of ordered turns. A backchannel of someone other than the current run's speaker is passed over; any
 * other turn of another speaker starts a new run. A run ends where its latest turn ends.
 */
export function speakerRuns(turns: readonly Turn[]): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const t of turns) {
    if (current && t.speaker === current.speaker) {
      current.end = Math.max(current.end, t.end);
      current.seconds = current.end - current.start;
      continue;
    }
    if (current && t.backchannel) continue;
    current = { speaker: t.speaker, start: t.start, end: t.end, seconds: t.end - t.start };
    runs.push(current);
  }
  return runs;
}

/**
 * For each timed stretch of words, the speaker whose voice turns overlap it most (a stereo recording's words have no
 * speaker of their own). Null: no speaker's voice overlaps it, or it has no times. A stretch of no length belongs to
 * the speaker speaking at that instant. Ties go to the speaker who spoke first on the call.
 */
export function ownersByOverlap(
  stretches: readonly { start: number | null; end: number | null }[],
  turns: readonly Turn[],
): (string | null)[] {
  const bySpeaker = new Map<string, { start: number; end: number }[]>();
  for (const t of turns) {
    const list = bySpeaker.get(t.speaker);
    if (list) list.push(t);
    else bySpeaker.set(t.speaker, [t]);
  }
  const merged = [...bySpeaker].map(([speaker, list]) => ({ speaker, intervals: mergeIntervals(list) }));
  return stretches.map((s) => {
    if (!hasTimes(s)) return null;
    let best: string | null = null;
    let bestOverlap = 0;
    for (const { speaker, intervals } of merged) {
      const overlap = overlapWith(intervals, s.start, s.end);
      if (overlap > bestOverlap || (best === null && overlap === 0 && s.end === s.start && covers(intervals, s.start))) {
        best = speaker;
        bestOverlap = overlap;
      }
    }
    return best;
  });
}

/** The index of the first interval ending after `at` (merged intervals are ordered by end too). */
function firstEndingAfter(intervals: readonly { start: number; end: number }[], at: number): number {
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals[mid]!.end > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function overlapWith(intervals: readonly { start: number; end: number }[], start: number, end: number): number {
  let sum = 0;
  for (let i = firstEndingAfter(intervals, start); i < intervals.length && intervals[i]!.start < end; i++) {
    sum += Math.min(end, intervals[i]!.end) - Math.max(start, intervals[i]!.start);
  }
  return sum;
}

const covers = (intervals: readonly { start: number; end: number }[], at: number): boolean =>
  intervals.some((i) => i.start <= at && at <= i.end);
