import fs from 'node:fs';
import path from 'node:path';
import type { TCallStatsBody } from '@pipewise/contract/coaching';
import { computeCallStats, type CallStatsInput } from '../src/modules/coaching/call-stats';
import { parseTranscript } from '../src/modules/recordings/transcript-formats/parse-transcript';

/**
 * The coaching statistics' hand set (bench/coaching/set/, true values worked out by hand from the definitions)
 * measured against `computeCallStats` from the outside: each call is read by the product's transcript parser, its
 * speakers mapped as the set says, and every figure compared. Shared by the bench (bench/coaching/hand-set.ts) and
 * apps/server/src/modules/coaching/hand-set.test.ts.
 *
 * Tolerances (issue 31, "Measured"): talk ratios within 1 percentage point, the longest monologue and story within
 * 1 s (length and start), question counts exact; the speaker and question sources must match. Other figures are
 * reported with their error and do not fail.
 */
export const HAND_SET_DIR = path.join(import.meta.dirname, '../../../bench/coaching/set');
export const STEREO_DIR = path.join(import.meta.dirname, '../../../bench/coaching/stereo');

type Stretch = { seconds: number; start: number; name: string } | null;
type ExpectedPerson = {
  speaker: string;
  name: string;
  side: 'team' | 'customer' | 'unknown';
  talk_seconds: number;
  talk_ratio: number | null;
  words: number;
  words_per_minute: number | null;
  questions: number;
  fillers: number;
  fillers_per_minute: number | null;
  longest_monologue_seconds: number | null;
  longest_monologue_start: number | null;
  patience_seconds: number | null;
};
export type HandCase = {
  name: string;
  file: string;
  format: string;
  kind: string;
  about: string;
  speakers: { speaker: string; name: string; side: 'team' | 'customer'; user_id: string | null }[];
  competitors: string[];
  expected: {
    speaker_source: 'transcript' | 'channels' | 'none';
    duration_seconds: number | null;
    people: ExpectedPerson[];
    team_talk_ratio: number | null;
    customer_talk_ratio: number | null;
    unknown_talk_ratio: number | null;
    longest_monologue: Stretch;
    longest_story: Stretch;
    interactivity: number | null;
    patience_seconds: number | null;
    questions: number | null;
    questions_per_hour: number | null;
    question_source: 'punctuation' | 'forms' | null;
    words_per_minute: number | null;
    fillers: number;
    fillers_per_minute: number | null;
    mentions: { kind: string; term: string; at: number | null; speaker: string | null }[];
  };
};

export function loadHandSet(dir = HAND_SET_DIR): HandCase[] {
  return (JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { cases: HandCase[] }).cases;
}

/** One figure of one case: `pass` is null for a figure that is only reported. */
export type FigureCheck = {
  case: string;
  figure: string;
  /** The figure without the person ("talk_ratio per person"), for summaries. */
  family: string;
  expected: number | string | null;
  actual: number | string | null;
  /** |actual − expected| for numbers; null when either side is not a number. */
  error: number | null;
  tolerance: string;
  pass: boolean | null;
};

/** The product's input for a case: the parsed transcript, the set's speaker mapping, no voice turns or media duration. */
export function handCaseInput(c: HandCase, dir = HAND_SET_DIR): { format: string; input: CallStatsInput } {
  const parsed = parseTranscript(fs.readFileSync(path.join(dir, c.file), 'utf8'), c.file);
  return {
    format: parsed.format,
    input: {
      segments: parsed.segments.map((s) => ({ start: s.start, end: s.end, speaker: s.speaker, text: s.text })),
      voiceTurns: null,
      speakers: c.speakers.map((s) => ({ speaker: s.speaker, name: s.name, userId: s.user_id, side: s.side })),
      durationSeconds: null,
      competitors: c.competitors,
    },
  };
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** Runs the product on a case and compares every figure. A parser or statistics error fails every checked figure. */
export function checkHandCase(c: HandCase, dir = HAND_SET_DIR): { checks: FigureCheck[]; failure: string | null } {
  const checks: FigureCheck[] = [];
  const e = c.expected;
  let actual: TCallStatsBody | null = null;
  let failure: string | null = null;
  try {
    const { format, input } = handCaseInput(c, dir);
    if (format !== c.format) failure = `the transcript was read as ${format}, not ${c.format}`;
    actual = computeCallStats(input);
  } catch (err) {
    failure = `${failure ? `${failure}; ` : ''}${err instanceof Error ? err.message : String(err)}`;
  }

  let person: string | null = null;
  const add = (figure: string, expected: number | string | null, got: unknown, tolerance: 'exact' | number | 'report') => {
    const a = typeof got === 'string' ? got : num(got);
    const error = typeof expected === 'number' && typeof a === 'number' ? Math.abs(a - expected) : null;
    let pass: boolean | null;
    if (tolerance === 'report') pass = null;
    else if (actual === null) pass = false;
    else if (expected === null) pass = got === null || got === undefined;
    else if (tolerance === 'exact') pass = a === expected;
    else pass = error !== null && error <= tolerance + 1e-9;
    const label = tolerance === 'report' ? 'reported' : tolerance === 'exact' ? 'exact' : `±${tolerance}`;
    const family = person ? `${figure.replace(` ${person}`, '')} per person` : figure;
    checks.push({ case: c.name, figure, family, expected, actual: a, error, tolerance: label, pass });
  };
  /** A talk ratio when the call has times; a transcript without times has none to compare (any value is accepted). */
  const ratio = (figure: string, expected: number | null, got: unknown) => add(figure, expected, got, expected === null ? 'report' : 0.01);

  add('speaker_source', e.speaker_source, actual?.speaker_source, 'exact');
  add('question_source', e.question_source, actual?.question_source ?? null, 'exact');
  ratio('talk_ratio team side', e.team_talk_ratio, actual?.sides?.team.talk_ratio);
  ratio('talk_ratio customer side', e.customer_talk_ratio, actual?.sides?.customer.talk_ratio);
  for (const [figure, want, got] of [
    ['longest_monologue', e.longest_monologue, actual?.longest_monologue],
    ['longest_story', e.longest_story, actual?.longest_story],
  ] as const) {
    if (want === null) add(`${figure}`, null, got ?? null, 1);
    else {
      add(`${figure} seconds`, want.seconds, got?.seconds, 1);
      add(`${figure} start`, want.start, got?.start, 1);
    }
  }
  add('questions team side', e.questions, actual?.questions ?? null, 'exact');

  for (const p of e.people) {
    const got = actual?.people.find((q) => q.speaker === p.speaker);
    person = p.name;
    ratio(`talk_ratio ${p.name}`, p.talk_ratio, got?.talk_ratio);
    add(`questions ${p.name}`, p.questions, got?.questions, 'exact');
    if (p.longest_monologue_seconds !== null) {
      add(`longest_monologue ${p.name} seconds`, p.longest_monologue_seconds, got?.longest_monologue_seconds, 1);
      add(`longest_monologue ${p.name} start`, p.longest_monologue_start, got?.longest_monologue_start, 1);
    }
    add(`patience ${p.name}`, p.patience_seconds, got?.patience_seconds ?? null, 'report');
    add(`words_per_minute ${p.name}`, p.words_per_minute, got?.words_per_minute ?? null, 'report');
    add(`fillers ${p.name}`, p.fillers, got?.fillers, 'report');
  }

  person = null;
  add('duration_seconds', e.duration_seconds, actual?.duration_seconds ?? null, 'report');
  add('interactivity', e.interactivity, actual?.interactivity ?? null, 'report');
  add('patience', e.patience_seconds, actual?.patience_seconds ?? null, 'report');
  add('questions_per_hour', e.questions_per_hour, actual?.questions_per_hour ?? null, 'report');
  add('words_per_minute', e.words_per_minute, actual?.words_per_minute ?? null, 'report');
  add('fillers', e.fillers, actual?.fillers, 'report');
  add('fillers_per_minute', e.fillers_per_minute, actual?.fillers_per_minute ?? null, 'report');
  // Mentions: how many of the expected (kind, term, time) the product found, and how many it found that were not expected.
  const key = (m: { kind: string; term: string; at: number | null }) => `${m.kind}|${m.term.toLowerCase()}|${m.at ?? '-'}`;
  const found = new Set((actual?.mentions ?? []).map(key));
  const wanted = new Set(e.mentions.map(key));
  add('mentions found', e.mentions.length, actual ? [...wanted].filter((k) => found.has(k)).length : null, 'report');
  add('mentions not expected', 0, actual ? [...found].filter((k) => !wanted.has(k)).length : null, 'report');
  return { checks, failure };
}

/** The checked figures outside their tolerance, one line each: "case: figure expected X, got Y". */
export function failuresOf(result: { checks: FigureCheck[]; failure: string | null }): string[] {
  const show = (x: number | string | null) => (typeof x === 'number' ? String(Number(x.toFixed(4))) : (x ?? 'null'));
  const lines = result.checks
    .filter((c) => c.pass === false)
    .map((c) => `${c.case}: ${c.figure} expected ${show(c.expected)} (${c.tolerance}), got ${show(c.actual)}`);
  return result.failure && lines.length ? [`${result.checks[0]?.case}: ${result.failure}`, ...lines] : lines;
}

type StereoTruth = {
  team_channel: 'left' | 'right';
  longest_monologue: { seconds: number; start: number } | null;
  longest_story: { seconds: number; start: number } | null;
  interactivity: number | null;
  patience_seconds: number | null;
};
/** A stereo call of bench/coaching/stereo/: its true voice turns per channel and figures (left the team's side, or swapped). */
export type StereoCase = {
  name: string;
  file: string;
  media_seconds: number;
  turns: { left: [number, number][]; right: [number, number][] };
  talk_ratio: { left: number; right: number };
  default: StereoTruth;
  swapped: StereoTruth;
};

export function loadStereoSet(dir = STEREO_DIR): StereoCase[] {
  return (JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { recordings: StereoCase[] }).recordings;
}

/**
 * The channels source without voice-activity detection: the call's true voice turns given to computeCallStats as a
 * stereo recording's (no transcript), with the left channel the team's side or, swapped, the right. Checks the source,
 * the talk ratio per channel (±1 point) and the longest monologue and story (±1 s).
 */
export function checkStereoCase(
  r: StereoCase,
  team: 'left' | 'right',
  /** The turns to measure: the true ones by default, or what voice-activity detection heard in the file. */
  turns: StereoCase['turns'] = r.turns,
): { checks: FigureCheck[]; failure: string | null } {
  const truth = team === 'left' ? r.default : r.swapped;
  const name = `${r.name} (team ${team})`;
  const label = { left: 'Left channel', right: 'Right channel' } as const;
  const customer = team === 'left' ? 'right' : 'left';
  let actual: TCallStatsBody | null = null;
  let failure: string | null = null;
  try {
    actual = computeCallStats({
      segments: [],
      voiceTurns: (['left', 'right'] as const).flatMap((side) => turns[side].map(([start, end]) => ({ start, end, speaker: label[side] }))),
      speakers: [
        { speaker: label[team], name: label[team], userId: 'user-team', side: 'team' },
        { speaker: label[customer], name: label[customer], userId: null, side: 'customer' },
      ],
      durationSeconds: r.media_seconds,
      competitors: [],
    });
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  const checks: FigureCheck[] = [];
  const add = (figure: string, expected: number | string | null, got: unknown, tolerance: 'exact' | number) => {
    const a = typeof got === 'string' ? got : num(got);
    const error = typeof expected === 'number' && typeof a === 'number' ? Math.abs(a - expected) : null;
    const pass =
      actual === null
        ? false
        : expected === null
          ? got === null || got === undefined
          : tolerance === 'exact'
            ? a === expected
            : error !== null && error <= tolerance + 1e-9;
    const family = figure.replace(/ (left|right) channel/, ' per channel');
    checks.push({
      case: name,
      figure,
      family,
      expected,
      actual: a,
      error,
      tolerance: tolerance === 'exact' ? 'exact' : `±${tolerance}`,
      pass,
    });
  };
  add('speaker_source', 'channels', actual?.speaker_source, 'exact');
  for (const side of ['left', 'right'] as const)
    add(`talk_ratio ${side} channel`, r.talk_ratio[side], actual?.people.find((p) => p.speaker === label[side])?.talk_ratio, 0.01);
  add('talk_ratio team side', r.talk_ratio[team], actual?.sides?.team.talk_ratio, 0.01);
  for (const [figure, want, got] of [
    ['longest_monologue', truth.longest_monologue, actual?.longest_monologue],
    ['longest_story', truth.longest_story, actual?.longest_story],
  ] as const) {
    if (want === null) add(figure, null, got ?? null, 1);
    else {
      add(`${figure} seconds`, want.seconds, got?.seconds, 1);
      add(`${figure} start`, want.start, got?.start, 1);
    }
  }
  return { checks, failure };
}
