import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Bench } from '../lib/bench';
import { extractSuggestions } from '../../apps/server/src/modules/call-suggestions/suggestion-extractor';
import { SUGGESTION_FIELDS, type Proposal, type TranscriptSegment } from '../../apps/server/src/modules/call-suggestions/suggestion-types';
import { validProposal } from '../../apps/server/src/modules/call-suggestions/suggestion-validation';
import { localDate } from '../../apps/server/src/modules/assistant/questions/time-zone';
import { dealOf, expectedItems, loadCases, matches, SET_STAGES, type LabelledCase } from './labelled-set';
import { readTranscript } from './read-transcript';

/**
 * The offline extractor over a labelled set of calls (set/ when merged, else dev/): per field, the
 * precision of suggestions accepted as they are, the recall of the changes a careful rep makes, and
 * how many proposed values are not valid for their field (target 0.9, 0.7, none). Also the time to
 * extract from a one-hour call (~1,000 segments; target under 10 s). Run alone with
 * `npx tsx bench/call-suggestions/call-suggestions-bench.ts`.
 */
const SET_DIR = path.join(import.meta.dirname, 'set');
const DEV_DIR = path.join(import.meta.dirname, 'dev');

type FieldScore = { proposed: number; correct: number; expected: number; found: number; invalid: number };

function runCase(dir: string, c: LabelledCase) {
  const segments = readTranscript(c.transcript, fs.readFileSync(path.join(dir, c.transcript), 'utf8'));
  const deal = dealOf(c);
  const recordedAt = new Date(c.recorded_at);
  const proposals = extractSuggestions({ segments, deal, stages: SET_STAGES, recordedAt, timeZone: c.time_zone, team: c.team });
  // Every proposal must still pass validation as it is: one that would not is an invalid value.
  const callDay = localDate(recordedAt, c.time_zone);
  const invalid = proposals.filter((p) => validProposal(p, deal, SET_STAGES, callDay) === null);
  const expected = expectedItems(c);
  const used = new Set<number>();
  const correct = proposals.map((p) => {
    const i = expected.findIndex((e, k) => !used.has(k) && matches(p, e.item, e.value));
    if (i >= 0) used.add(i);
    return i >= 0;
  });
  return { proposals, correct, expected, found: used, invalid, segments: segments.length };
}

/** A one-hour call: the dev set's sentences over and over, 1,000 segments of about 3.6 s each. */
function hourLongCall(cases: { dir: string; c: LabelledCase }[]): TranscriptSegment[] {
  const lines = cases.flatMap(({ dir, c }) => readTranscript(c.transcript, fs.readFileSync(path.join(dir, c.transcript), 'utf8')));
  return Array.from({ length: 1000 }, (_, i) => ({ ...lines[i % lines.length]!, seq: i, startSeconds: i * 3.6 }));
}

/** The bench's three groups: the engineer's dev set, the set's tuning half (01-23) and its held-out half (24-46). */
type Group = { name: string; label: string; detail: boolean; cases: { dir: string; c: LabelledCase }[] };

const caseNumber = (name: string) => Number(/^(\d+)-/.exec(name)?.[1] ?? NaN);

function groupsOf(): Group[] {
  const set = loadCases(SET_DIR).map((c) => ({ dir: SET_DIR, c }));
  const dev = loadCases(DEV_DIR).map((c) => ({ dir: DEV_DIR, c }));
  return [
    { name: 'dev', label: 'dev set (bench/call-suggestions/dev)', detail: true, cases: dev },
    // Per-case detail only for the cases the extractor may be tuned on: the held-out half is a measure, read in aggregate only.
    { name: 'tuning', label: 'set 01-23 (tuning half)', detail: true, cases: set.filter(({ c }) => caseNumber(c.name) <= 23) },
    { name: 'held-out', label: 'set 24-46 (held out)', detail: false, cases: set.filter(({ c }) => caseNumber(c.name) >= 24) },
  ].filter((g) => g.cases.length > 0);
}

const emptyScore = (): FieldScore => ({ proposed: 0, correct: 0, expected: 0, found: 0, invalid: 0 });
const ratio = (n: number, d: number) => (d === 0 ? 'n/a' : `${(n / d).toFixed(2)} (${n}/${d})`);
const cell = (r: string[]) => `| ${r.map((x) => x.replace(/\|/g, '\\|')).join(' | ')} |`;

function scoreGroup(g: Group) {
  const scores = new Map<string, FieldScore>(SUGGESTION_FIELDS.map((f) => [f, emptyScore()]));
  const wrong: string[][] = [];
  const missed: string[][] = [];
  for (const { dir, c } of g.cases) {
    const r = runCase(dir, c);
    r.proposals.forEach((p: Proposal, i) => {
      const s = scores.get(p.field)!;
      s.proposed++;
      if (r.correct[i]) s.correct++;
      else wrong.push([c.name, p.field, String(p.value), p.date ?? '', p.quote]);
    });
    for (const p of r.invalid) scores.get(p.field)!.invalid++;
    r.expected.forEach((e, k) => {
      const s = scores.get(e.item.field);
      if (!s) return;
      s.expected++;
      if (r.found.has(k)) s.found++;
      else missed.push([c.name, e.item.field, JSON.stringify(e.value), e.item.date ?? '', (e.item.must_mention ?? []).join(', ')]);
    });
  }
  const total = [...scores.values()].reduce(
    (a, s) => ({
      proposed: a.proposed + s.proposed,
      correct: a.correct + s.correct,
      expected: a.expected + s.expected,
      found: a.found + s.found,
      invalid: a.invalid + s.invalid,
    }),
    emptyScore(),
  );
  return { scores, total, wrong, missed };
}

export const callSuggestionsBench: Bench = {
  name: 'call-suggestions',
  title: 'Suggested CRM updates from calls: precision, recall and invalid values per field (offline extractor)',
  async run() {
    const groups = groupsOf();
    const scored = groups.map((g) => ({ g, ...scoreGroup(g) }));

    // A one-hour call made of the dev set's sentences: the extraction as the job runs it, after a warm-up.
    const timing = groups[0]!.cases;
    const long = hourLongCall(timing);
    const sample = timing[0]!.c;
    const input = {
      segments: long,
      deal: dealOf(sample),
      stages: SET_STAGES,
      recordedAt: new Date(sample.recorded_at),
      timeZone: sample.time_zone,
      team: sample.team,
    };
    extractSuggestions({ ...input, segments: long.slice(0, 50) });
    const started = process.hrtime.bigint();
    extractSuggestions(input);
    const hourMs = Number(process.hrtime.bigint() - started) / 1e6;

    const rows = scored.flatMap(({ g, total }) => [
      { metric: `${g.name}: labelled calls`, value: `${g.cases.length}: ${g.label}` },
      { metric: `${g.name}: precision, accepted as-is (all fields)`, value: `${ratio(total.correct, total.proposed)}; target 0.9` },
      { metric: `${g.name}: recall (all fields)`, value: `${ratio(total.found, total.expected)}; target 0.7` },
      { metric: `${g.name}: suggestions with an invalid value`, value: `${total.invalid}; target 0` },
    ]);
    rows.push(
      { metric: 'one-hour call (1,000 segments): extraction', value: `${hourMs.toFixed(0)} ms; target under 10 s after its transcript` },
      { metric: 'load average while measured (1 min)', value: `${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores` },
    );
    const fieldRows = scored.flatMap(({ g, scores }) =>
      SUGGESTION_FIELDS.map((f) => {
        const s = scores.get(f)!;
        return [g.name, f, ratio(s.correct, s.proposed), ratio(s.found, s.expected), String(s.invalid)];
      }),
    );
    const report = scored
      .filter(({ g }) => g.detail)
      .flatMap(({ g, wrong, missed }) => [
        '',
        `## ${g.label}: suggestions not expected`,
        '',
        ...(wrong.length ? ['| case | field | value | date | quote |', '|---|---|---|---|---|', ...wrong.map(cell)] : ['None.']),
        '',
        `## ${g.label}: changes missed`,
        '',
        ...(missed.length ? ['| case | field | value | date | must mention |', '|---|---|---|---|---|', ...missed.map(cell)] : ['None.']),
      ]);
    return {
      rows,
      table: { columns: ['group', 'field', 'precision', 'recall', 'invalid'], rows: fieldRows },
      notes:
        'Each case is a transcript plus the deal as it stood; the offline rule-based extractor proposes, and a proposal counts as ' +
        "correct when it matches an expected change by the set's rule (values equal; text containing every must_mention word " +
        'and the expected date). Invalid: a proposal that its own field validation would refuse. Three groups: the dev set, the ' +
        "set's tuning half (cases 01-23, read while tuning) and its held-out half (24-46, never read; aggregates only, no per-case rows).",
      data: {
        groups: Object.fromEntries(
          scored.map(({ g, scores, total }) => [
            g.name,
            { cases: g.cases.length, label: g.label, fields: Object.fromEntries(scores), total },
          ]),
        ),
        hourMs,
      },
      report: [...report, ''],
    };
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { environment, storeResult } = await import('../lib/results');
  const env = environment();
  const result = await callSuggestionsBench.run();
  if (!Array.isArray(result)) {
    storeResult({ name: callSuggestionsBench.name, title: callSuggestionsBench.title, ...result }, env);
    for (const row of result.rows) console.log(`${row.metric}: ${row.value}`);
    for (const row of result.table?.rows ?? []) console.log(row.join('  '));
    // The per-case detail (dev and tuning only) is in bench/results/call-suggestions.md.
  }
}
