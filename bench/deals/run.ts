import path from 'node:path';
import { BENCHES } from '../benches';
import { environment, RESULTS_DIR, storeResult, writeSummary } from '../lib/results';
import { runDealsBench } from './deals-bench';
import { DEFAULT_DEALS_OPTIONS, sizeLabel, type DbKind, type DealsOptions } from './options';

/**
 * The deals bench alone:
 *   npx tsx bench/deals/run.ts [--sizes=100k,1m] [--db=pglite,postgres] [--requests=200]
 *     [--warmup=20] [--settle=5] [--fetch-all-runs=3] [--pglite-max=100k] [--no-explain] [--nice=-10]
 * PGlite skips sizes above --pglite-max. Results go to bench/results/deals-<db>-<size>.json,
 * query plans to bench/results/plans/, and SUMMARY.md is rewritten with every stored result.
 */
function parseSize(v: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(v.trim());
  if (!m) throw new Error(`bad size ${v}: use e.g. 10k, 100k, 1m`);
  return Math.round(Number(m[1]) * ({ k: 1e3, m: 1e6 }[m[2]!.toLowerCase()] ?? 1));
}

function parseArgs(argv: string[]): DealsOptions {
  const o = { ...DEFAULT_DEALS_OPTIONS };
  for (const arg of argv) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    const int = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${key} needs a whole number`);
      return n;
    };
    if (key === 'sizes') o.sizes = value.split(',').map(parseSize);
    else if (key === 'db') {
      const dbs = value.split(',').map((v) => v.trim());
      const bad = dbs.filter((d) => d !== 'pglite' && d !== 'postgres');
      if (bad.length) throw new Error(`unknown --db ${bad.join(', ')}: use pglite, postgres`);
      o.dbs = dbs as DbKind[];
    } else if (key === 'requests') o.requests = int();
    else if (key === 'warmup') o.warmup = int();
    else if (key === 'settle') o.settleSeconds = int();
    else if (key === 'fetch-all-runs') o.fetchAllRuns = int();
    else if (key === 'pglite-max') o.pgliteMax = parseSize(value);
    else if (key === 'no-explain') o.explain = false;
    else if (key === 'pg-port') o.pgPort = int();
    else if (key === 'nice') {
      o.nice = Number(value);
      if (!Number.isInteger(o.nice) || o.nice < -20 || o.nice > 19) throw new Error('--nice needs a whole number from -20 to 19');
    } else throw new Error(`unknown option ${arg}`);
  }
  return o;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  process.stdout.write(`bench deals: sizes ${options.sizes.map(sizeLabel).join(', ')} on ${options.dbs.join(', ')}\n`);
  const env = environment();
  const started = performance.now();
  for (const result of await runDealsBench(options)) {
    storeResult(result, env);
    process.stdout.write(`${result.name}: ${result.rows[0]?.value}\n`);
  }
  writeSummary(BENCHES.map((b) => b.name));
  process.stdout.write(
    `wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md in ${Math.round((performance.now() - started) / 1000)} s\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`bench deals failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
