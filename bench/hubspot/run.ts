import path from 'node:path';
import { BENCHES } from '../benches';
import { environment, RESULTS_DIR, storeResult, writeSummary } from '../lib/results';
import { DEFAULT_HUBSPOT_OPTIONS, hubspotBench, runHubspotBench } from './hubspot-bench';

/**
 * The HubSpot import bench alone: npx tsx bench/hubspot/run.ts [--deals=10000,100000] [--nice=10]
 * Results go to bench/results/hubspot.json and .md; SUMMARY.md is rewritten.
 */
async function main(): Promise<void> {
  const o = { ...DEFAULT_HUBSPOT_OPTIONS };
  for (const arg of process.argv.slice(2)) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    if (key === 'deals') o.sizes = value.split(',').map((v) => Number(v.replace(/_/g, '')));
    else if (key === 'nice') o.nice = Number(value);
    else throw new Error(`unknown option ${arg}`);
  }
  if (o.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--deals takes whole numbers, e.g. --deals=10000,100000');
  const env = environment();
  const result = { name: hubspotBench.name, title: hubspotBench.title, ...(await runHubspotBench(o)) };
  storeResult(result, env);
  for (const row of result.rows) process.stdout.write(`${row.metric}: ${row.value}\n`);
  writeSummary(BENCHES.map((b) => b.name));
  process.stdout.write(`wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench hubspot failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
