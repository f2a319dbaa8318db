import type { Bench } from '../lib/bench';
import { checkHandCase, checkStereoCase, failuresOf, loadHandSet, loadStereoSet } from '../../apps/server/test/coaching-hand-set';
import type { FigureCheck } from '../../apps/server/test/coaching-hand-set';

/**
 * The call statistics (`computeCallStats`) on the hand set, bench/coaching/set/: 14 calls in the formats customers
 * upload, read by the product's transcript parser, with true values worked out by hand from the definitions
 * (set/README.md). Pass/fail per case and per figure against issue 31's tolerances: talk ratios within 1 percentage
 * point, the longest monologue and story within 1 s, question counts exact; other figures report their error.
 * Run alone with `npx tsx bench/coaching/hand-set.ts`.
 */

const show = (x: number | string | null) => (x === null ? '—' : typeof x === 'number' ? String(Number(x.toFixed(3))) : x);
const verdict = (c: FigureCheck) => (c.pass === null ? 'reported' : c.pass ? 'pass' : 'FAIL');
const row = (c: FigureCheck) =>
  `| ${c.figure} | ${show(c.expected)} | ${show(c.actual)} | ${show(c.error)} | ${c.tolerance} | ${verdict(c)} |`;

export const coachingStatsBench: Bench = {
  name: 'coaching-stats',
  title: 'Call statistics on the hand-computed set: talk ratio ±1 pt, monologues ±1 s, questions exact',
  async run() {
    const cases = loadHandSet();
    const results = cases.map((c) => ({ c, ...checkHandCase(c) }));
    const checks = results.flatMap((r) => r.checks);
    const checked = checks.filter((c) => c.pass !== null);
    const casesPassing = results.filter((r) => r.failure === null && r.checks.every((c) => c.pass !== false)).length;

    const families = new Map<string, FigureCheck[]>();
    for (const c of checks) families.set(c.family, [...(families.get(c.family) ?? []), c]);
    const familyRows = [...families].map(([family, list]) => {
      const errors = list.map((c) => c.error).filter((e): e is number => e !== null);
      const held = list.filter((c) => c.pass !== null);
      const tolerance = held[0]?.tolerance ?? 'reported';
      const passed = held.length ? `${held.filter((c) => c.pass).length}/${held.length}` : '—';
      const worst = errors.length ? show(Math.max(...errors)) : '—';
      return [family, tolerance, passed, worst];
    });

    // The channels source from the stereo calls' true voice turns (no VAD): each call with the team on the left, then swapped.
    const stereo = loadStereoSet().flatMap((r) => (['left', 'right'] as const).map((team) => ({ r, team, ...checkStereoCase(r, team) })));
    const stereoPassing = stereo.filter((x) => x.failure === null && x.checks.every((c) => c.pass)).length;

    const rows = [
      { metric: 'cases', value: `${cases.length} (bench/coaching/set)` },
      { metric: 'cases with every checked figure within tolerance', value: `${casesPassing}/${cases.length}` },
      { metric: 'checked figures within tolerance', value: `${checked.filter((c) => c.pass).length}/${checked.length}` },
      {
        metric: 'stereo calls from their true voice turns (channels source), both side assignments',
        value: `${stereoPassing}/${stereo.length} within tolerance`,
      },
    ];
    const errors = results.filter((r) => r.failure).map((r) => `- ${r.c.name}: ${r.failure}`);
    const report = [
      '',
      '## Figures outside their tolerance',
      '',
      ...(checked.some((c) => !c.pass) ? results.flatMap((r) => failuresOf(r).map((l) => `- ${l}`)) : ['None.']),
      ...(errors.length ? ['', '## Errors', '', ...errors] : []),
      '',
      '## Stereo calls (channels source, true voice turns)',
      '',
      '| call | team channel | figure | expected | measured | error | tolerance | result |',
      '|---|---|---|---|---|---|---|---|',
      ...stereo.flatMap((x) => x.checks.map((c) => `| ${x.r.name} | ${x.team} ${row(c)}`)),
      ...(stereo.some((x) => x.failure)
        ? ['', ...stereo.filter((x) => x.failure).map((x) => `- ${x.r.name} (team ${x.team}): ${x.failure}`)]
        : []),
      '',
      '## Every figure, per case',
      '',
      ...results.flatMap((r) => [
        `### ${r.c.name} (${r.c.file})`,
        '',
        '| figure | expected | measured | error | tolerance | result |',
        '|---|---|---|---|---|---|',
        ...r.checks.map(row),
        '',
      ]),
    ];
    return {
      rows,
      table: { columns: ['figure', 'tolerance', 'within tolerance', 'largest error'], rows: familyRows },
      notes:
        'Each call is parsed by the product (recordings/transcript-formats), its speakers mapped to team users and customers ' +
        'as expected.json says, and computeCallStats compared with the values worked out by hand from the definitions ' +
        '(bench/coaching/set/README.md). "reported" figures have no tolerance in the issue: their error is shown only.',
      data: {
        cases: results.map((r) => ({ name: r.c.name, file: r.c.file, failure: r.failure, checks: r.checks })),
        casesPassing,
        checked: checked.length,
        checkedPassing: checked.filter((c) => c.pass).length,
        stereo: stereo.map((x) => ({ name: x.r.name, team_channel: x.team, failure: x.failure, checks: x.checks })),
        stereoPassing,
      },
      report: [...report, ''],
    };
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { environment, storeResult } = await import('../lib/results');
  const env = environment();
  const result = await coachingStatsBench.run();
  if (!Array.isArray(result)) {
    storeResult({ name: coachingStatsBench.name, title: coachingStatsBench.title, ...result }, env);
    for (const row of result.rows) console.log(`${row.metric}: ${row.value}`);
    for (const row of result.table?.rows ?? []) console.log(row.join('  '));
  }
}
