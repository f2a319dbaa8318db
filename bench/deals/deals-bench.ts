import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { execute, type Database } from '../../apps/server/src/db/client';
import { openPglite } from '../../apps/server/src/db/pglite-driver';
import { openPostgres } from '../../apps/server/src/db/postgres-driver';
import { acquireDataDirLock } from '../../apps/server/src/db/lock';
import { REPO_ROOT } from '../../e2e/support/pipewise-server';
import type { Bench, BenchResult } from '../lib/bench';
import { RESULTS_DIR } from '../lib/results';
import { generateDataset } from './dataset';
import { explainAll, measureFetchAll, measureHttp, measureSql, unfiltered } from './measure';
import { DEFAULT_DEALS_OPTIONS, round2, sizeLabel, type DbKind, type DealsOptions } from './options';
import { startOwnServer } from './own-server';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { dealQueries, type ViewerKind } from './queries';
import { outcomesOf, report } from './report';

/** Opens the generated database in this process (PGlite holds the DATA_DIR lock meanwhile). */
async function openDirect(kind: DbKind, dataDir: string, url: string | undefined): Promise<{ database: Database; release: () => void }> {
  if (kind === 'postgres') return { database: await openPostgres(url!), release: () => undefined };
  const release = acquireDataDirLock(dataDir);
  return { database: await openPglite(dataDir), release };
}

async function withDirect<T>(kind: DbKind, dataDir: string, url: string | undefined, fn: (database: Database) => Promise<T>): Promise<T> {
  const { database, release } = await openDirect(kind, dataDir, url);
  try {
    return await fn(database);
  } finally {
    await database.close();
    release();
  }
}

/**
 * One (database, size) run: generate the data; measure through HTTP with the real server on it;
 * stop the server (PGlite allows one process) and measure the same queries in SQL, record their
 * plans and time the fetch-all approach on a direct connection.
 */
async function runOne(kind: DbKind, size: number, o: DealsOptions, cluster: PostgresCluster | undefined): Promise<BenchResult> {
  const label = `${kind}-${sizeLabel(size)}`;
  const loadAtStart = os.loadavg()[0]!;
  const dataDir = path.join(REPO_ROOT, '.tmp', 'bench-deals', label);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const dbName = `pipewise_bench_${sizeLabel(size)}`;
  const pg = kind === 'postgres' ? cluster : undefined;
  const url = pg ? await pg.createDatabase(dbName) : undefined;
  try {
    o.log(`  ${label}: generating ${size} deals`);
    const t0 = performance.now();
    const { ds, serverVersion } = await withDirect(kind, dataDir, url, async (database) => ({
      ds: await generateDataset(database, size, o.log),
      serverVersion: (await execute<{ server_version: string }>(database.db, sql`show server_version`))[0]!.server_version.split(' ')[0]!,
    }));
    const generateMs = performance.now() - t0;
    const queries = dealQueries(ds);

    o.log(`  ${label}: HTTP, ${o.warmup} + ${o.requests} sequential requests per query`);
    const server = await startOwnServer({ dataDir, env: { DEMO_SEED: '0', LOG_LEVEL: 'warn', ...(url ? { DATABASE_URL: url } : {}) } });
    let api: Awaited<ReturnType<typeof measureHttp>>['measured'];
    let floor: Awaited<ReturnType<typeof measureHttp>>['floor'];
    try {
      ({ measured: api, floor } = await measureHttp(server.baseURL, ds, queries, o));
    } finally {
      const { code } = await server.stop();
      if (code !== 0) o.log(`  warning: server exited with ${code}; log: ${server.logFile}`);
    }

    const { direct, fetchAll } = await withDirect(kind, dataDir, url, async (database) => {
      o.log(`  ${label}: SQL through the deals service on a direct connection`);
      const direct = await measureSql(database, ds, queries, o);
      if (o.explain) {
        const plansDir = path.join(RESULTS_DIR, 'plans');
        fs.mkdirSync(plansDir, { recursive: true });
        fs.writeFileSync(path.join(plansDir, `deals-${label}.txt`), await explainAll(database, ds, queries));
      }
      o.log(`  ${label}: fetch-all, 1 + ${o.fetchAllRuns} runs per query`);
      const visible = new Map<ViewerKind, number>(
        (['admin', 'manager', 'rep'] as const).map((v) => [v, direct.get(unfiltered(queries, v).name)!.answer.total]),
      );
      return { direct, fetchAll: await measureFetchAll(database, ds, queries, visible, o) };
    });

    const outcomes = outcomesOf(queries, kind, size, api, direct, fetchAll);
    for (const q of outcomes) if (!q.consistent) o.log(`  MISMATCH in ${q.name}: ${q.mismatch}`);
    const load = { atStart: round2(loadAtStart), atEnd: round2(os.loadavg()[0]!) };
    const result = report({ kind, size, serverVersion, ds, generateMs, load, floor }, outcomes, o);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return result;
  } catch (e) {
    o.log(`  ${label} failed; its DATA_DIR (server log, PGlite files) is kept in ${dataDir}`);
    throw e;
  } finally {
    if (pg) await pg.dropDatabase(dbName);
  }
}

/** Runs every (database, size) pair asked for; PostgreSQL gets one throwaway cluster for all sizes. */
export async function runDealsBench(o: DealsOptions): Promise<BenchResult[]> {
  if (o.nice) os.setPriority(o.nice);
  const pairs = o.dbs.flatMap((kind) => o.sizes.filter((size) => kind !== 'pglite' || size <= o.pgliteMax).map((size) => ({ kind, size })));
  const results: BenchResult[] = [];
  const cluster = pairs.some((p) => p.kind === 'postgres') ? startPostgresCluster(o.pgPort) : undefined;
  try {
    for (const { kind, size } of pairs) {
      const t = performance.now();
      results.push(await runOne(kind, size, o, cluster));
      o.log(`  ${kind}-${sizeLabel(size)} done in ${Math.round((performance.now() - t) / 1000)} s`);
    }
  } finally {
    cluster?.stop();
  }
  return results;
}

export const dealsBench: Bench = {
  name: 'deals',
  title: 'Deals list first page at 100k (PGlite, PostgreSQL) and 1M (PostgreSQL) deals',
  run: () => runDealsBench(DEFAULT_DEALS_OPTIONS),
};
