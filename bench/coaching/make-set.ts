import fs from 'node:fs';
import path from 'node:path';
import { fillersOf, questionsOf, referenceStats, wordsOf } from './reference-stats';
import type { RefSegment, RefStats, RefStretch, RefWorking } from './reference-stats';
import { SET_CALLS, type SetCall } from './set-calls';

/**
 * Writes the hand set (bench/coaching/set/): each call in the file format a customer uploads, expected.json
 * with its true values, and README.md with the working behind them. Run with `npx tsx bench/coaching/make-set.ts`;
 * the files are committed. Imports nothing from the product.
 */
const SET_DIR = path.join(import.meta.dirname, 'set');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function clock(seconds: number, fraction: '.' | ',' | null): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const base = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return fraction ? `${base}${fraction}${pad(ms % 1000, 3)}` : base;
}
/** A Teams-like cue id (a GUID and a part number), the same on every run. */
const guid = (i: number) => {
  const hex = (n: number, w: number) => ((n * 2654435761) >>> 0).toString(16).padStart(8, '0').slice(0, w);
  return `${hex(i + 7, 8)}-${hex(i + 11, 4)}-4${hex(i + 13, 3)}-a${hex(i + 17, 3)}-${hex(i + 19, 8)}${hex(i + 23, 4)}/${10 + i}-0`;
};
/** Zoom's saved transcript writes the time of day: this call started at 14:03:10. */
const ZOOM_DAY_START = 14 * 3600 + 3 * 60 + 10;

const EXTENSION: Record<SetCall['format'], string> = {
  'zoom-vtt': 'vtt',
  'teams-vtt': 'vtt',
  srt: 'srt',
  'zoom-txt': 'txt',
  'zoom-txt-lines': 'txt',
  'speaker-lines': 'txt',
};
/** What the product's parser should call the format. */
export const PARSED_FORMAT: Record<SetCall['format'], string> = {
  'zoom-vtt': 'webvtt',
  'teams-vtt': 'webvtt',
  srt: 'srt',
  'zoom-txt': 'zoom-txt',
  'zoom-txt-lines': 'zoom-txt',
  'speaker-lines': 'speaker-lines',
};

function fileText(call: SetCall): string {
  const named = (speaker: string | null, text: string) => (speaker ? `${speaker}: ${text}` : text);
  const timing = (s: number | null, e: number | null, mark: '.' | ',') => `${clock(s!, mark)} --> ${clock(e!, mark)}`;
  switch (call.format) {
    case 'zoom-vtt':
      return `WEBVTT\n\n${call.rows.map(([s, e, who, text], i) => `${i + 1}\n${timing(s, e, '.')}\n${named(who, text)}\n`).join('\n')}`;
    case 'teams-vtt':
      return `WEBVTT\n\n${call.rows.map(([s, e, who, text], i) => `${guid(i)}\n${timing(s, e, '.')}\n<v ${who}>${text}</v>\n`).join('\n')}`;
    case 'srt':
      return `${call.rows.map(([s, e, who, text], i) => `${i + 1}\n${timing(s, e, ',')}\n${named(who, text)}\n`).join('\n')}`;
    case 'zoom-txt':
      return `${call.rows.map(([s, , who, text]) => `[${who}] ${clock(ZOOM_DAY_START + s!, null)}\n${text}\n`).join('\n')}`;
    case 'zoom-txt-lines':
      return `${call.rows.map(([s, , who, text]) => `${clock(s!, null)} ${named(who, text)}`).join('\n')}\n`;
    case 'speaker-lines':
      return `${call.rows.map(([, , who, text]) => named(who, text)).join('\n')}\n`;
  }
}

/** The segments the file conveys: Zoom's .txt gives starts only, so each turn ends where the next one starts and the last has no end. */
export function segmentsOf(call: SetCall): RefSegment[] {
  const startsOnly = call.format === 'zoom-txt' || call.format === 'zoom-txt-lines';
  return call.rows.map(([start, end, speaker, text], i) => ({
    start,
    end: startsOnly ? (call.rows[i + 1]?.[0] ?? null) : end,
    speaker,
    text,
  }));
}

const userIdOf = (name: string) => `user-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;

export type ExpectedCase = {
  name: string;
  file: string;
  format: string;
  kind: SetCall['kind'];
  about: string;
  speakers: { speaker: string; name: string; side: 'team' | 'customer'; user_id: string | null }[];
  competitors: string[];
  expected: RefStats;
};

const f = (x: number | null | undefined, digits = 2) => (x === null || x === undefined ? '—' : Number(x.toFixed(digits)).toString());
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(2)}%`);

const stretch = (x: RefStretch) => (x ? `${f(x.seconds)} s at ${f(x.start)} (${x.name})` : '—');

function working(call: SetCall, file: string, segments: RefSegment[], stats: RefStats, w: RefWorking): string[] {
  const out = [`## ${call.name} (${file}, ${call.kind})`, '', call.about, ''];
  if (call.people.length) {
    const who = call.people.map((p) => `${p.speaker}${p.name !== p.speaker ? ` = ${p.name}` : ''} (${p.side})`).join(', ');
    out.push(`Speakers: ${who}; any other label is unknown. Competitors: ${call.competitors.join(', ') || 'none'}.`, '');
  }
  const forms = stats.question_source === 'forms';
  out.push('| # | start | end | speaker | words | fillers | questions | backchannel |', '|---|---|---|---|---|---|---|---|');
  segments.forEach((s, i) => {
    const bc = s.start !== null && s.end !== null && s.speaker !== null && s.end - s.start < 1 && wordsOf(s.text) <= 2;
    const cells = [i + 1, f(s.start, 3), f(s.end, 3), s.speaker ?? '—', wordsOf(s.text), fillersOf(s.text), questionsOf(s.text, forms)];
    out.push(`| ${cells.join(' | ')} | ${bc ? 'yes' : ''} |`);
  });
  out.push('');
  if (stats.speaker_source === 'none') {
    out.push("No speaker labels: speaker source none. Words and fillers per minute are over the union of the cues' times.", '');
  } else if (w.turns.length === 0) {
    out.push(
      'No segment has times: no turns, talk time, runs, duration, interactivity or patience; questions, words and fillers count.',
      '',
    );
  } else {
    const d = f(stats.duration_seconds);
    const runs = w.runs.map((r) => `${r.speaker} ${f(r.start)}→${f(r.end)} = ${f(r.seconds)} s${r.turns > 1 ? ` (${r.turns} turns)` : ''}`);
    const pairs = w.patiencePairs.map((p) => `${p.customer}→${p.team} max(0, ${f(p.teamStart)} − ${f(p.customerEnd)}) = ${f(p.pause)}`);
    out.push(
      `Duration = ${f(w.turns.at(-1)!.end)} − ${f(w.turns[0]!.start)} = ${d} s. ` +
        `Speaker switches between consecutive turns: ${w.switches}; ` +
        `interactivity = ${w.switches} / (${d} / 60) = ${f(stats.interactivity, 3)} per minute.`,
      '',
      `Runs (another speaker's backchannels ignored): ${runs.join('; ')}.`,
      '',
      `Patience pairs (customer turn, then team turn): ${pairs.length ? pairs.join('; ') : 'none'}.`,
      '',
    );
  }
  out.push(
    '| person | side | talk s | talk ratio | words | wpm | questions | fillers | longest run | patience |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const p of stats.people) {
    const run = p.longest_monologue_seconds === null ? '—' : `${f(p.longest_monologue_seconds)} s at ${f(p.longest_monologue_start)}`;
    const cells = [p.name, p.side, f(p.talk_seconds), pct(p.talk_ratio), p.words, f(p.words_per_minute), p.questions, p.fillers, run];
    out.push(`| ${cells.join(' | ')} | ${f(p.patience_seconds, 3)} |`);
  }
  const mentions = stats.mentions.map((m) => `${m.kind} "${m.term}" at ${f(m.at)}`);
  out.push(
    '',
    `**Call:** source ${stats.speaker_source}; talk ratio team ${pct(stats.team_talk_ratio)}, ` +
      `customer ${pct(stats.customer_talk_ratio)}, ` +
      `unknown ${pct(stats.unknown_talk_ratio)}; longest monologue ${stretch(stats.longest_monologue)}; ` +
      `longest story ${stretch(stats.longest_story)}; questions ${stats.questions ?? '—'} (${stats.question_source ?? '—'}), ` +
      `${f(stats.questions_per_hour)} per hour; patience ${f(stats.patience_seconds, 3)} s; interactivity ${f(stats.interactivity, 3)}; ` +
      `words per minute ${f(stats.words_per_minute)}; fillers ${stats.fillers}, ${f(stats.fillers_per_minute, 3)} per minute.`,
    '',
    `**Mentions:** ${mentions.join('; ') || 'none'}.`,
    '',
  );
  return out;
}

function main() {
  fs.mkdirSync(SET_DIR, { recursive: true });
  const cases: ExpectedCase[] = [];
  const readme = [
    '# The coaching statistics hand set',
    '',
    'Fourteen sales calls in the formats customers upload, each with its true statistics worked out from the binding',
    'definitions (docs/coaching-statistics.md), independently of the product. `bench/coaching/set-calls.json` holds what',
    'was said and when; `bench/coaching/make-set.ts` writes the files, `expected.json` and the working below. The figures',
    'come from `bench/coaching/reference-stats.ts`, a reading of the definitions that imports nothing from the product;',
    'cases 03, 09 and 13 were also worked through by hand (their tables below match). Regenerate with',
    '`npx tsx bench/coaching/make-set.ts`. The stereo calls for the channels source are in `../stereo/`.',
    '',
    'Measured by `npm run bench -- coaching-stats` (bench/results/coaching-stats.md) and',
    "`apps/server/src/modules/coaching/hand-set.test.ts`: each file is read by the product's transcript parser, its",
    'speakers mapped as `expected.json` says (team users with a user id, customers without; any other label is',
    'unknown), then talk ratios must be within 1 percentage point, the longest monologue and story within 1 s (length',
    'and start), question counts exact, the speaker and question sources equal; other figures report their error.',
    '',
    '| case | format | what it pins down |',
    '|---|---|---|',
    ...SET_CALLS.map((c) => `| ${c.name} | ${c.format} | ${c.about} |`),
    '',
    'Readings the set relies on (each follows the definitions word for word):',
    '',
    '- A segment "has times" when it has both a start and an end. Zoom\'s .txt gives starts only: each turn ends where',
    '  the next starts, and the last turn has no end (its words still count; it is no turn).',
    '- The set gives no media duration, so a call without turns has no duration.',
    "- A call's `fillers` is the team side's count (everyone's without speakers), like fillers per minute.",
    '- Question forms look at the first word only: "um would a mobile app help" (06) is no question, "will do uh when',
    '  do you need it" (07) is one; "hi Grace ... how are you doing today" (06) is none.',
    "- Backchannels (shorter than 1.0 s, at most 2 words) do not break another speaker's run but do count as talk, as",
    '  speaker switches and in patience pairs; "Got it." lasting exactly 1.0 s and "Yes, of course." (3 words) are not',
    '  backchannels (13).',
    '- Every case is unambiguous on purpose: no two turns start together, the last turn ends last, no tie for a',
    '  longest run.',
    '',
  ];
  for (const call of SET_CALLS) {
    const file = `${call.name}.${EXTENSION[call.format]}`;
    fs.writeFileSync(path.join(SET_DIR, file), fileText(call));
    const segments = segmentsOf(call);
    const { stats, working: w } = (() => {
      try {
        return referenceStats(segments, call.people, call.competitors);
      } catch (e) {
        throw new Error(`${call.name}: ${(e as Error).message}`);
      }
    })();
    cases.push({
      name: call.name,
      file,
      format: PARSED_FORMAT[call.format],
      kind: call.kind,
      about: call.about,
      speakers: call.people.map((p) => ({ ...p, user_id: p.side === 'team' ? userIdOf(p.name) : null })),
      competitors: call.competitors,
      expected: stats,
    });
    readme.push(...working(call, file, segments, stats, w));
  }
  fs.writeFileSync(path.join(SET_DIR, 'expected.json'), `${JSON.stringify({ cases }, null, 2)}\n`);
  fs.writeFileSync(path.join(SET_DIR, 'README.md'), `${readme.join('\n').trimEnd()}\n`);
  console.log(`wrote ${cases.length} cases to ${SET_DIR}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
