import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testJob } from '../../test/jobs-fixture';
import { signIn, type TestSession } from '../../test/sessions';
import { silentLog } from '../../test/silent-log';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { testDatabaseUrl } from '../../test/test-paths';
import { expectUnavailable } from '../../test/unavailable';
import { sleep, waitFor } from '../../test/wait';
import { execute, type Database } from '../db/client';
import { withLongQueries } from '../db/long-queries';
import { withLongQueryJobs } from '../jobs/define-job';
import { openPostgres, type PostgresTimeouts } from '../db/postgres-driver';
import { seedDemo } from '../cli/seed';
import { createJobQueue } from '../jobs/job-queue';
import { createJobRunner, createWorker } from '../jobs/worker';
import { isDatabaseUnavailable } from '../lib/db-errors';

/** Short bounds, so each case takes seconds; the server's defaults are in config.ts. */
const TIMEOUTS: PostgresTimeouts = { connectMs: 1000, acquireMs: 1500, queryMs: 1000, jobQueryMs: 5000 };
const POOL_SIZE = 3;
/** What a busy machine may add to a timer (several test processes share two cores). */
const SLACK_MS = 1500;

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (e: unknown) => e,
  );

describe.runIf(testDatabaseUrl())('the API while its PostgreSQL server stops answering without closing (PostgreSQL run)', () => {
  let test: TestDatabase;
  let relay: TcpRelay;
  let database: Database;
  let t: TestApp;
  let rep: TestSession;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemo(test.db);
    relay = await startTcpRelay(new URL(test.url!));
    database = await openPostgres(relay.url(), POOL_SIZE, TIMEOUTS);
    t = await createTestApp({ database });
    rep = await signIn(database.db, 'rahul@acme.example');
  });
  afterAll(async () => {
    relay?.resume();
    await t?.close();
    await database?.close();
    await relay?.down();
    await test?.close();
  });

  const list = () => t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy', headers: rep.headers });

  it('answers 503 {detail} with Retry-After once a query has waited its limit, then serves again by itself', async () => {
    expect((await list()).statusCode).toBe(200);
    relay.stall();
    try {
      for (const url of ['/api/deal/get-deals-user-hierarchy', '/api/health']) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: rep.headers });
        const tookMs = performance.now() - started;
        if (url === '/api/health') expect(res.statusCode, url).toBe(503);
        else expectUnavailable(res, url);
        expect(tookMs, url).toBeGreaterThanOrEqual(TIMEOUTS.queryMs - 50);
        expect(tookMs, url).toBeLessThan(TIMEOUTS.queryMs + SLACK_MS);
      }
    } finally {
      relay.resume();
    }
    // No restart: the next request takes a live connection (or opens one) and is served.
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json<{ total: number }>().total).toBeGreaterThan(0);
  });

  it('closes every connection whose query ran out of time, in a transaction too, and the pool stays whole', async () => {
    // A pool of its own, so the relay carries its connections only (not the app's NOTIFY listener).
    const ownRelay = await startTcpRelay(new URL(test.url!));
    const own = await openPostgres(ownRelay.url(), POOL_SIZE, TIMEOUTS);
    // Every connection of the pool open and idle.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => execute(own.db, sql`select pg_sleep(0.05)`)));
    await waitFor(() => ownRelay.openConnections() === POOL_SIZE, { what: 'the pool full' });
    let started = 0;
    try {
      // A transaction whose second query gets no answer: its connection closes at once, and the failure
      // comes after one limit (the ROLLBACK does not wait a second one on the dead connection).
      const failure = await failureOf(
        own.db.transaction(async (tx) => {
          await execute(tx, sql`select 1`);
          ownRelay.stall();
          started = performance.now();
          await execute(tx, sql`select 2`);
        }),
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(performance.now() - started).toBeLessThan(TIMEOUTS.queryMs + SLACK_MS);
      await waitFor(() => ownRelay.openConnections() === POOL_SIZE - 1, { timeoutMs: 2000, what: 'its connection closed' });

      // More timeouts than the pool has connections, on the pool and in transactions: each is bounded by
      // a limit, and each connection that hung is closed (new ones get no answer to their sign-in either).
      for (let i = 0; i <= POOL_SIZE; i++) {
        const begun = performance.now();
        const work = i % 2 ? execute(own.db, sql`select 1`) : own.db.transaction(async (tx) => void (await execute(tx, sql`select 1`)));
        expect(isDatabaseUnavailable(await failureOf(work)), `timeout ${i}`).toBe(true);
        expect(performance.now() - begun, `timeout ${i}`).toBeLessThan(Math.max(TIMEOUTS.queryMs, TIMEOUTS.connectMs) + SLACK_MS);
      }
      await waitFor(() => ownRelay.openConnections() === 0, { timeoutMs: 3000, what: 'every hung connection closed' });
      ownRelay.resume();

      // Every slot of the pool works again: POOL_SIZE transactions hold a connection each at the same time
      // (one leaked slot would leave the last waiting for a connection until it fails).
      let entered = 0;
      let allIn!: () => void;
      const together = new Promise<void>((resolve) => (allIn = resolve));
      await Promise.all(
        Array.from({ length: POOL_SIZE }, () =>
          own.db.transaction(async (tx) => {
            await execute(tx, sql`select 1`);
            if (++entered === POOL_SIZE) allIn();
            await together;
          }),
        ),
      );
      expect(ownRelay.openConnections()).toBe(POOL_SIZE);
      expect(await execute<{ n: number }>(own.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
    } finally {
      ownRelay.resume();
      await own.close();
      await ownRelay.down();
    }
  });

  it('gives jobs, migrations and seeding the longer limit, requests the short one', async () => {
    // Enough connections for the four slow queries at once, and the startup lock's own.
    const own = await openPostgres(test.url!, 6, TIMEOUTS);
    try {
      const slowQuery = () => execute(own.db, sql`select pg_sleep(1.5)`);
      expect(isDatabaseUnavailable(await failureOf(slowQuery()))).toBe(true);
      const [job] = withLongQueryJobs([testJob('test.slow-statement', async () => void (await slowQuery()))]);
      const context = {
        log: silentLog,
        signal: new AbortController().signal,
        job: { id: 1, attempt: 1, maxAttempts: 1, lastAttempt: true },
      };
      await Promise.all([
        withLongQueries(slowQuery),
        own.withStartupLock(slowQuery),
        job!.run({}, context),
        // In a transaction too, whose queries start after waits of their own.
        withLongQueries(() => own.db.transaction(async (tx) => void (await execute(tx, sql`select pg_sleep(1.5)`)))),
      ]);
    } finally {
      await own.close();
    }
  });

  it("keeps the job worker's poll loop going through the silence, and runs a job queued meanwhile once it is over", async () => {
    const queue = createJobQueue(database.db);
    const ran: string[] = [];
    const job = testJob('test.after-partition', async (payload) => void ran.push((payload as { n: string }).n));
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) }) as unknown as FastifyBaseLogger;
    const failedPolls = () => lines.filter((line) => line.includes('job worker poll failed')).length;
    const worker = createWorker(createJobRunner({ queue, jobs: [job], log: silentLog }), log, { pollMs: 50, concurrency: 1 });
    worker.start();
    try {
      relay.stall();
      // Each claim gets no answer and fails after its limit; the loop polls again each time.
      await waitFor(() => failedPolls() >= 2, { timeoutMs: 3 * TIMEOUTS.queryMs + 2 * SLACK_MS, what: 'two failed polls' });
      // Queued straight into the database, as another process would while this one cannot reach it.
      await createJobQueue(test.db).enqueue(job, { n: 'queued during the partition' });
      await sleep(200);
      expect(ran).toEqual([]);
      relay.resume();
      await waitFor(() => ran.length > 0, { timeoutMs: 10_000, what: 'the job run' });
      expect(ran).toEqual(['queued during the partition']);
    } finally {
      relay.resume();
      await worker.stop();
    }
  });
});
