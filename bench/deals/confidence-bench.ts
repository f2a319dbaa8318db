/**
 * The confidence score at 100k deals on PGlite (issue 30): how fast the sweep scores every deal
 * (its work once a day, and after an import), and the deals list sorted by the score against the
 * list's own target (p95 ≤ 25 ms at 100k; bench/README.md), beside Sort by Value on the same data.
 * Run: npx tsx bench/deals/confidence-bench.ts [dealCount]; writes bench/results/deals-confidence.{json,md}.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ZDealListQuery } from '@pipewise/contract/deals';
import { execute } from '../../apps/server/src/db/client';
import { openPglite } from '../../apps/server/src/db/pglite-driver';
import { scoreDeals } from '../../apps/server/src/modules/deal-score/deal-score-service';
import { generateDataset } from './dataset';
import { directDeals } from './direct';
import { callerOf } from './measure';
import { summarize, timeSequential } from './timing';

const dealCount = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confidence-bench-'));
const database = await openPglite(dir);
const ds = await generateDataset(database, dealCount, (l) => console.log(l));

const ids = (await execute<{ id: string }>(database.db, sql`select id from deals order by id`)).map((r) => Number(r.id));
const started = performance.now();
await scoreDeals(database.db, ids, new Date());
const scoreSeconds = (performance.now() - started) / 1000;
console.log(`scored ${ids.length} deals in ${scoreSeconds.toFixed(1)} s (${Math.round(ids.length / scoreSeconds)} a second)`);
await database.db.execute(sql`vacuum (analyze)`);

const direct = directDeals(database.db, 'pglite');
const queries = [
  { name: 'manager, confidence_asc, page 1', viewer: 'manager', params: { sort: 'confidence_asc' } },
  { name: 'manager, confidence_desc, page 1', viewer: 'manager', params: { sort: 'confidence_desc' } },
  { name: 'admin, confidence_asc, page 1', viewer: 'admin', params: { sort: 'confidence_asc' } },
  { name: 'admin, confidence_asc, page 200', viewer: 'admin', params: { sort: 'confidence_asc', page: '200' } },
  { name: 'rep, confidence_asc, page 1', viewer: 'rep', params: { sort: 'confidence_asc' } },
  { name: 'admin, confidence_asc, search (common)', viewer: 'admin', params: { sort: 'confidence_asc', search: ds.search.common } },
  { name: 'admin, amount_desc, page 1 (Sort by Value, for comparison)', viewer: 'admin', params: { sort: 'amount_desc' } },
] as const;
const rows: { name: string; p50: number; p95: number; p99: number }[] = [];
for (const q of queries) {
  const parsed = ZDealListQuery.parse(q.params);
  const caller = callerOf(ds, q.viewer);
  const l = summarize(await timeSequential(() => direct.list(caller, parsed), 10, 60));
  rows.push({ name: q.name, p50: l.p50, p95: l.p95, p99: l.p99 });
  console.log(`${q.name}: p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms`);
}
const load = os.loadavg()[0]!.toFixed(2);
const md = [
  '# Deals list sorted by the confidence score, and the sweep (PGlite)',
  '',
  `${dealCount.toLocaleString('en-US')} deals (bench/deals/dataset.ts), SQL through the deals service, 60 runs each after 10 warm-up runs.`,
  `Machine: ${os.cpus().length} cores, load average ${load} at the end (shared with other work: figures are upper bounds).`,
  '',
  `Scoring every deal (the sweep's daily work): ${scoreSeconds.toFixed(1)} s, ${Math.round(ids.length / scoreSeconds)} deals a second.`,
  '',
  '| query | p50 ms | p95 ms | p99 ms |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |`),
  '',
].join('\n');
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/deals-confidence.md', md);
fs.writeFileSync('bench/results/deals-confidence.json', JSON.stringify({ dealCount, scoreSeconds, load, rows }, null, 2));
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
