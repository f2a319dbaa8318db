import path from 'node:path';
import { BENCHES } from '../benches';
import { environment, RESULTS_DIR, storeResult, writeSummary } from '../lib/results';
import { DEFAULT_RECORDS_OPTIONS, runRecordsBench } from './records-bench';

/**
 * The companies and contacts lists bench alone: npx tsx bench/records/run.ts [--requests=100] [--nice=10] [--fresh]
 * Results go to bench/results/records-pglite-100k.json and .md; SUMMARY.md is rewritten.
 */
async function main(): Promise<void> {
  const o = { ...DEFAULT_RECORDS_OPTIONS };
  for (const arg of process.argv.slice(2)) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    if (key === 'requests') o.requests = Number(value);
    else if (key === 'nice') o.nice = Number(value);
    else if (key === 'fresh') o.fresh = true;
    else throw new Error(`unknown option ${arg}`);
  }
  const result = await runRecordsBench(o);
  storeResult(result, environment());
  process.stdout.write(`${result.name}: ${result.rows[0]?.value}\n`);
  writeSummary(BENCHES.map((b) => b.name));
  process.stdout.write(`wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench records failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
