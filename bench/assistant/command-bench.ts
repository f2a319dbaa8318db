import os from 'node:os';
import path from 'node:path';
import { percentile, type Bench } from '../lib/bench';
import { environment, storeResult } from '../lib/results';
import { DEMO_COMPANIES, PRODUCTS } from '../../apps/server/src/cli/seed-crm-data';
import { parseCommand } from '../../apps/server/src/modules/assistant/commands/command-parser';
import {
  accuracyByClass,
  checkCase,
  checkNamedCase,
  loadLabelledCommands,
  loadNamedCommands,
  type TNamedSet,
} from '../../apps/server/test/assistant/labelled-commands';
import { buildGazetteer, type GazetteerEntry } from '../../apps/server/src/modules/assistant/understanding/gazetteer';

/**
 * The command parser over the labelled set (bench/assistant/commands.json): exact-match accuracy
 * (parsed_command and the properties flagged as unreadable, both as labelled) and the parse time
 * per command, each command parsed ROUNDS times after a warm-up. Run alone with
 * `npx tsx bench/assistant/command-bench.ts`; writes results/assistant-commands.json and .md.
 */
const ROUNDS = 20;
/** Deals in the large workspace the named set is also read against (plus the set's own names). */
const LARGE_DEALS = 100_000;

/** 100k deal names as the deals bench makes them ("<company> <n> - <product>"), none of them the caller's. */
function largeWorkspace(set: TNamedSet): GazetteerEntry[] {
  const deals = Array.from({ length: LARGE_DEALS }, (_, i): GazetteerEntry => {
    const [company] = DEMO_COMPANIES[i % DEMO_COMPANIES.length]!;
    return {
      kind: 'deal',
      id: String(1_000_000 + i),
      label: `${company} ${Math.floor(i / DEMO_COMPANIES.length)} - ${PRODUCTS[i % PRODUCTS.length]}`,
    };
  });
  return [...(set.workspace as GazetteerEntry[]), ...deals];
}

/**
 * p50, p95 and max of one parse per case, ROUNDS times, after a warm-up: wall time, and the CPU
 * time the process spent (what a busy, shared machine does not inflate).
 */
function timeParses(cases: { command: string; ctx: Parameters<typeof parseCommand>[1] }[]) {
  for (const c of cases) parseCommand(c.command, c.ctx);
  const timings: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const used = process.cpuUsage();
      const started = process.hrtime.bigint();
      parseCommand(c.command, c.ctx);
      timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      const spent = process.cpuUsage(used);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), max: Math.max(...timings), cpuP95: percentile(cpu, 95) };
}

export const commandBench: Bench = {
  name: 'assistant-commands',
  title: 'Assistant command parser: accuracy on the labelled set and parse latency',
  async run() {
    const set = loadLabelledCommands();
    const checked = set.cases.map((c) => ({ command: c.command, expected: c.expected, ...checkCase(set, c) }));
    const misses = checked.filter((c) => !c.match);
    const accuracy = (checked.length - misses.length) / checked.length;

    for (const c of set.cases) parseCommand(c.command, { now: new Date(set.now) }); // warm-up (JIT, chrono's patterns)
    const timings: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of set.cases) {
        const ctx = { now: new Date(c.now ?? set.now), timeZone: c.time_zone ?? set.time_zone };
        const started = process.hrtime.bigint();
        parseCommand(c.command, ctx);
        timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    const p50 = percentile(timings, 50);
    const p95 = percentile(timings, 95);
    const max = Math.max(...timings);

    // The named set: per-class accuracy with the workspace's names, and parse time at 100k deals.
    const named = loadNamedCommands();
    const namedResults = named.cases.map((c) => ({
      class: c.class,
      command: c.command,
      expected: c.expected,
      ...checkNamedCase(named, c),
    }));
    const byClass = accuracyByClass(namedResults);
    const namedCorrect = namedResults.filter((r) => r.match).length;
    const buildStarted = process.hrtime.bigint();
    const large = buildGazetteer(largeWorkspace(named));
    const buildMs = Number(process.hrtime.bigint() - buildStarted) / 1e6;
    const largeTimes = timeParses(
      named.cases.map((c) => ({
        command: c.command,
        ctx: { now: new Date(c.now ?? named.now), timeZone: c.time_zone ?? named.time_zone, names: large },
      })),
    );
    const largeResults = named.cases.map((c) => checkNamedCase(named, c, large).match);
    const largeCorrect = largeResults.filter(Boolean).length;
    const namedMisses = namedResults.filter((r) => !r.match);
    return {
      rows: [
        ...byClass.map((row) => ({
          metric: `named set: ${row.class}`,
          value: `${(row.accuracy * 100).toFixed(1)}% (${row.correct}/${row.cases}; target 97%)`,
        })),
        {
          metric: 'named set: all',
          value: `${((namedCorrect / namedResults.length) * 100).toFixed(1)}% (${namedCorrect}/${namedResults.length})`,
        },
        {
          metric: `named set at ${LARGE_DEALS / 1000}k deals: accuracy`,
          value: `${((largeCorrect / largeResults.length) * 100).toFixed(1)}% (${largeCorrect}/${largeResults.length})`,
        },
        { metric: `named set at ${LARGE_DEALS / 1000}k deals: parse p50`, value: `${largeTimes.p50.toFixed(3)} ms` },
        { metric: `named set at ${LARGE_DEALS / 1000}k deals: parse p95`, value: `${largeTimes.p95.toFixed(3)} ms (target under 5 ms)` },
        { metric: `named set at ${LARGE_DEALS / 1000}k deals: parse max`, value: `${largeTimes.max.toFixed(3)} ms` },
        { metric: `named set at ${LARGE_DEALS / 1000}k deals: parse CPU p95`, value: `${largeTimes.cpuP95.toFixed(3)} ms` },
        { metric: 'load average while measured (1 min)', value: `${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores` },
        { metric: `gazetteer build at ${LARGE_DEALS / 1000}k deals`, value: `${buildMs.toFixed(0)} ms (once per caller a minute)` },
        { metric: 'labelled commands', value: String(checked.length) },
        {
          metric: 'exact-match accuracy',
          value: `${(accuracy * 100).toFixed(1)}% (${checked.length - misses.length}/${checked.length}; target 95%)`,
        },
        { metric: 'parse p50', value: `${p50.toFixed(3)} ms` },
        { metric: 'parse p95', value: `${p95.toFixed(3)} ms (target under 5 ms)` },
        { metric: 'parse max', value: `${max.toFixed(3)} ms` },
      ],
      table:
        misses.length || namedMisses.length
          ? {
              columns: ['missed command', 'parsed', 'expected'],
              rows: [...misses, ...namedMisses].map((m) => [m.command, JSON.stringify(m.parsed), JSON.stringify(m.expected)]),
            }
          : undefined,
      notes:
        `Every command of the set parsed ${ROUNDS} times in one process after a warm-up; accuracy counts a command right only when the ` +
        'whole parsed_command and its flagged properties equal the label. The named set (commands-named.json) is read against its ' +
        `workspace's names, and again against them plus ${LARGE_DEALS} deal names (the parse time quoted at 100k).`,
      data: {
        cases: checked.length,
        correct: checked.length - misses.length,
        accuracy,
        p50Ms: p50,
        p95Ms: p95,
        maxMs: max,
        rounds: ROUNDS,
        misses,
        named: {
          cases: namedResults.length,
          correct: namedCorrect,
          byClass,
          largeDeals: LARGE_DEALS,
          largeCorrect,
          gazetteerBuildMs: buildMs,
          parseP50Ms: largeTimes.p50,
          parseP95Ms: largeTimes.p95,
          parseMaxMs: largeTimes.max,
          parseCpuP95Ms: largeTimes.cpuP95,
          loadAverage: os.loadavg()[0],
          misses: namedMisses,
        },
      },
      report: [],
    };
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const env = environment();
  const result = await commandBench.run();
  if (!Array.isArray(result)) {
    storeResult({ name: commandBench.name, title: commandBench.title, ...result }, env);
    for (const row of result.rows) process.stdout.write(`${row.metric}: ${row.value}\n`);
  }
}
