import path from 'node:path';
import { BENCHES } from '../benches';
import type { DbKind } from '../deals/options';
import { environment, RESULTS_DIR, storeResult, writeSummary } from '../lib/results';
import { DEFAULT_SEARCH_OPTIONS, runSearchBench } from './search-bench';

/**
 * The search bench alone: npx tsx bench/search/run.ts [--db=pglite,postgres] [--requests=100] [--nice=10]
 * Results go to bench/results/search-<db>-100k.json and .md; SUMMARY.md is rewritten.
 */
async function main(): Promise<void> {
  const o = { ...DEFAULT_SEARCH_OPTIONS };
  for (const arg of process.argv.slice(2)) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    if (key === 'db') o.dbs = value.split(',').map((v) => v.trim()) as DbKind[];
    else if (key === 'requests') o.requests = Number(value);
    else if (key === 'nice') o.nice = Number(value);
    else throw new Error(`unknown option ${arg}`);
  }
  const env = environment();
  for (const result of await runSearchBench(o)) {
    storeResult(result, env);
    process.stdout.write(`${result.name}: ${result.rows[0]?.value}\n`);
  }
  writeSummary(BENCHES.map((b) => b.name));
  process.stdout.write(`wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench search failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
