import * as chrono from 'chrono-node';
import type { TDealScoreFactor } from '@pipewise/contract/deals';

/**
 * The confidence score of one deal from its signals: a pure function, so each factor has a table
 * test. docs/confidence-score.md explains every factor, its points and why.
 */

/** Everything the score reads of one deal, gathered by deal-score-signals.ts. */
export type DealSignals = {
  createdAt: Date;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  stageLabel: string;
  probability: number | null;
  isClosed: boolean;
  isWon: boolean;
  /** The stage's place in its pipeline (0 first) and the pipeline's number of stages. */
  stageOrder: number;
  stageCount: number;
  /** The latest of each kind of activity (absent: none). */
  activity: { kind: ActivityKind; at: Date }[];
  /** Open tasks: the earliest due day on or after today, and how many are overdue. */
  nextTaskDue: string | null;
  overdueTasks: number;
  closeDatePushes: number;
  stageEnteredAt: Date;
  /** The median days the stage's deals have been in it (null: too few deals to compare). */
  stageMedianDays: number | null;
  /** The latest calls' sentiments, newest first. */
  sentiments: string[];
  /** When the decision maker was seen on a call (recorded or calendar), else null. */
  kdmAttendedAt: Date | null;
  /** Whether the deal has any call at all (recorded or in the calendar). */
  hasCalls: boolean;
};

export type ActivityKind = 'recording' | 'call' | 'note' | 'task' | 'change';

const ACTIVITY_WORDS: Record<ActivityKind, string> = {
  recording: 'a recorded call',
  call: 'a call',
  note: 'a note',
  task: 'a task done',
  change: 'an edit',
};

export type DealScore = { score: number; factors: TDealScoreFactor[] };

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Dec" for a yyyy-mm-dd day or an instant (UTC). */
export function shortDay(day: string | Date): string {
  const d = typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : day;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The start when no stage probability is set: evenly from 10 (first stage) to 70 (last open stage). */
function baseOf(s: DealSignals): TDealScoreFactor {
  if (s.probability !== null) {
    return { kind: 'base', points: s.probability, reason: `starts at the ${s.stageLabel} stage's probability, ${s.probability}%` };
  }
  const open = Math.max(1, s.stageCount - 2);
  const points = Math.round(10 + (60 * Math.min(s.stageOrder, open - 1)) / Math.max(1, open - 1));
  return {
    kind: 'base',
    points,
    reason: `starts at ${points} for the ${s.stageLabel} stage (stage ${s.stageOrder + 1} of ${s.stageCount})`,
  };
}

function activityFactor(s: DealSignals, now: Date): TDealScoreFactor | null {
  const latest = [...s.activity].sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  const since = latest ? latest.at : s.createdAt;
  const days = daysBetween(since, now);
  const what = latest ? `, the last was ${ACTIVITY_WORDS[latest.kind]}` : ' since it was created';
  if (days <= 7) return latest ? { kind: 'activity', points: 5, reason: `active in the last week (${ACTIVITY_WORDS[latest.kind]})` } : null;
  if (days < 14) return null;
  const points = days >= 45 ? -25 : days >= 21 ? -15 : -10;
  return { kind: 'activity', points, reason: `no activity for ${days} days${what}` };
}

/**
 * An explicit day and month in the next steps' text ("call on 3 Dec", "2026-12-03"), read against
 * today. Relative words ("next week", "Friday") are not read: the text may have been written weeks ago.
 */
export function dateInText(text: string, now: Date): string | null {
  const found = chrono.en.GB.parse(text, now, { forwardDate: true }).find(
    (r) => /\d/.test(r.text) && r.start.isCertain('day') && r.start.isCertain('month'),
  );
  if (!found) return null;
  const d = found.start;
  const year = d.get('year') ?? now.getUTCFullYear();
  return `${year}-${String(d.get('month')).padStart(2, '0')}-${String(d.get('day')).padStart(2, '0')}`;
}

function nextStepFactors(s: DealSignals, now: Date): TDealScoreFactor[] {
  const today = dayOf(now);
  const out: TDealScoreFactor[] = [];
  const textDay = s.nextsteps?.trim() ? dateInText(s.nextsteps, now) : null;
  const future = [s.nextTaskDue, textDay !== null && textDay >= today ? textDay : null].filter((d): d is string => d !== null).sort()[0];
  if (future) out.push({ kind: 'next_step', points: 10, reason: `next step dated ${shortDay(future)}` });
  else if (textDay !== null) out.push({ kind: 'next_step', points: -5, reason: `the next step's date (${shortDay(textDay)}) has passed` });
  else if (s.nextsteps?.trim()) out.push({ kind: 'next_step', points: 0, reason: 'a next step is written but has no date' });
  else out.push({ kind: 'next_step', points: -10, reason: 'no next step' });
  if (s.overdueTasks > 0) out.push({ kind: 'overdue_tasks', points: -5, reason: `${plural(s.overdueTasks, 'task')} overdue` });
  return out;
}

function closeDateFactors(s: DealSignals, now: Date): TDealScoreFactor[] {
  const out: TDealScoreFactor[] = [];
  if (s.closedate === null) out.push({ kind: 'close_date', points: -5, reason: 'no close date' });
  else if (s.closedate < dayOf(now))
    out.push({ kind: 'close_date', points: -15, reason: `close date ${shortDay(s.closedate)} has passed` });
  if (s.closeDatePushes >= 2) out.push({ kind: 'close_pushed', points: -10, reason: `close date pushed back ${s.closeDatePushes} times` });
  else if (s.closeDatePushes === 1) out.push({ kind: 'close_pushed', points: -5, reason: 'close date pushed back once' });
  return out;
}

function stageTimeFactor(s: DealSignals, now: Date): TDealScoreFactor | null {
  // A median under a day says the stage's deals all just arrived (an import): nothing to compare with.
  if (s.stageMedianDays === null || s.stageMedianDays < 1) return null;
  const days = daysBetween(s.stageEnteredAt, now);
  const median = s.stageMedianDays;
  const reason = `${days} days in ${s.stageLabel}, the pipeline's median is ${median}`;
  if (days >= 14 && days > 2 * median) return { kind: 'stage_time', points: -10, reason };
  if (days >= 10 && days > 1.5 * median) return { kind: 'stage_time', points: -5, reason };
  return null;
}

function sentimentFactor(s: DealSignals): TDealScoreFactor | null {
  const [last, before] = s.sentiments;
  if (last === 'negative' && before === 'negative')
    return { kind: 'sentiment', points: -15, reason: "the last 2 calls' sentiment was negative" };
  if (last === 'negative') return { kind: 'sentiment', points: -10, reason: "the last call's sentiment was negative" };
  if (last === 'positive') return { kind: 'sentiment', points: 5, reason: "the last call's sentiment was positive" };
  return null;
}

function kdmFactor(s: DealSignals): TDealScoreFactor {
  const kdm = s.kdm?.trim();
  if (!kdm) return { kind: 'decision_maker', points: -5, reason: 'no decision maker named' };
  if (s.kdmAttendedAt) {
    return { kind: 'decision_maker', points: 10, reason: `the decision maker (${kdm}) attended a call on ${shortDay(s.kdmAttendedAt)}` };
  }
  if (s.hasCalls) return { kind: 'decision_maker', points: -5, reason: `the decision maker (${kdm}) has not attended a call` };
  return { kind: 'decision_maker', points: 0, reason: `no call with the decision maker (${kdm}) yet` };
}

/** The score (0 to 100) and its factors, the base first, then the largest effects. */
export function scoreDeal(s: DealSignals, now: Date): DealScore {
  if (s.isClosed && s.isWon) return { score: 100, factors: [{ kind: 'won', points: 100, reason: 'the deal is won' }] };
  if (s.isClosed) return { score: 0, factors: [{ kind: 'lost', points: 0, reason: 'the deal is lost' }] };
  const base = baseOf(s);
  const factors = [
    activityFactor(s, now),
    ...nextStepFactors(s, now),
    ...closeDateFactors(s, now),
    stageTimeFactor(s, now),
    sentimentFactor(s),
    kdmFactor(s),
  ].filter((f): f is TDealScoreFactor => f !== null);
  factors.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  const total = factors.reduce((sum, f) => sum + f.points, base.points);
  return { score: Math.max(0, Math.min(100, Math.round(total))), factors: [base, ...factors] };
}

/** "-15: no activity for 21 days" ("+10: ...", "40: starts at ..." for the base). */
export function factorLine(f: TDealScoreFactor): string {
  const sign = f.kind === 'base' || f.kind === 'won' || f.kind === 'lost' ? '' : f.points > 0 ? '+' : f.points < 0 ? '' : '±';
  return `${sign}${f.points}: ${f.reason}`;
}
