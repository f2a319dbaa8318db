import path from 'node:path';
import { percentile, type Bench } from '../lib/bench';
import { environment, storeResult } from '../lib/results';
import { parseCommand } from '../../apps/server/src/modules/assistant/commands/command-parser';
import { checkCase, loadLabelledCommands } from '../../apps/server/src/modules/assistant/commands/labelled-commands';

/**
 * The command parser over the labelled set (bench/assistant/commands.json): exact-match accuracy
 * (parsed_command and the properties flagged as unreadable, both as labelled) and the parse time
 * per command, each command parsed ROUNDS times after a warm-up. Run alone with
 * `npx tsx bench/assistant/command-bench.ts`; writes results/assistant-commands.json and .md.
 */
const ROUNDS = 20;

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
    return {
      rows: [
        { metric: 'labelled commands', value: String(checked.length) },
        {
          metric: 'exact-match accuracy',
          value: `${(accuracy * 100).toFixed(1)}% (${checked.length - misses.length}/${checked.length}; target 95%)`,
        },
        { metric: 'parse p50', value: `${p50.toFixed(3)} ms` },
        { metric: 'parse p95', value: `${p95.toFixed(3)} ms (target under 5 ms)` },
        { metric: 'parse max', value: `${max.toFixed(3)} ms` },
      ],
      table: misses.length
        ? {
            columns: ['missed command', 'parsed', 'expected'],
            rows: misses.map((m) => [m.command, JSON.stringify(m.parsed), JSON.stringify(m.expected)]),
          }
        : undefined,
      notes: `Every command of the set parsed ${ROUNDS} times in one process after a warm-up; accuracy counts a command right only when the whole parsed_command and its flagged properties equal the label.`,
      data: {
        cases: checked.length,
        correct: checked.length - misses.length,
        accuracy,
        p50Ms: p50,
        p95Ms: p95,
        maxMs: max,
        rounds: ROUNDS,
        misses,
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
