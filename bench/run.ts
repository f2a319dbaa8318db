import path from 'node:path';
import type { BenchResult } from './lib/bench';
import { environment, RESULTS_DIR, storeResult, writeSummary } from './lib/results';
import { BENCHES } from './benches';

/** Runs every bench in bench/benches.ts; `npm run bench -- health` runs just the named ones. */

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  const selected = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;

  for (const bench of selected) {
    process.stdout.write(`bench ${bench.name}: ${bench.title}\n`);
    const env = environment();
    const outcome = await bench.run();
    const results: BenchResult[] = Array.isArray(outcome) ? outcome : [{ name: bench.name, title: bench.title, ...outcome }];
    for (const result of results) {
      storeResult(result, env);
      if (results.length > 1) process.stdout.write(`  ${result.name}\n`);
      for (const row of result.rows) process.stdout.write(`  ${row.metric}: ${row.value}\n`);
    }
  }
  writeSummary(BENCHES.map((b) => b.name));
  process.stdout.write(`wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
