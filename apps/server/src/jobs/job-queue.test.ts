import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute, type Database } from '../db/client';
import { openPostgres } from '../db/postgres-driver';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import { createJobQueue, retryDelayMs } from './job-queue';
import { createWorker, type JobHandlers } from './worker';

type JobRow = {
  status: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  backoff_ms: number | null;
  finished: boolean;
};

let database: TestDatabase;
/** A second connection pool on the PostgreSQL run, as a second process would have; the same PGlite otherwise. */
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openPostgres(database.url, 4) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
});

async function jobRow(id: number): Promise<JobRow> {
  const [row] = await execute<JobRow>(database.db, sql`
    select status, attempts, last_error, locked_by, finished_at is not null as finished,
      (extract(epoch from (run_at - updated_at)) * 1000)::float8 as backoff_ms
    from jobs where id = ${id}`);
  return row!;
}

const worker = (db: Database, handlers: JobHandlers, workerId: string, opts: { leaseMs?: number; retryBaseMs?: number; concurrency?: number } = {}) =>
  createWorker(createJobQueue(db.db, { retryBaseMs: opts.retryBaseMs }), handlers, silentLog, {
    pollMs: 10,
    concurrency: opts.concurrency ?? 1,
    leaseMs: opts.leaseMs,
    workerId,
  });

describe('job queue', () => {
  it('runs a job again after the lease of a worker that died mid-run expires', async () => {
    const queue = createJobQueue(database.db);
    const id = await queue.enqueue('test.echo', { n: 1 });
    // The "dead" worker claims with a short lease and never completes.
    const dead = await queue.claim('dead-worker', ['test.echo'], 300);
    expect(dead).toMatchObject({ id, attempts: 1 });
    expect(await queue.claim('live-worker', ['test.echo'], 60_000)).toBeNull();

    const runs: number[] = [];
    const live = worker(database, { 'test.echo': async (_payload, job) => void runs.push(job.id) }, 'live-worker');
    await waitFor(async () => (await live.drain()) > 0, { what: 'the lease to expire' });

    expect(runs).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null, finished: true });
    // The dead worker waking up late cannot overwrite the outcome.
    await queue.complete(id, 'dead-worker');
    await queue.fail(dead!, 'dead-worker', 'late failure');
    expect(await jobRow(id)).toMatchObject({ status: 'done', last_error: null });
  });

  it('ends a job failed when its last attempt lost its lease', async () => {
    const queue = createJobQueue(database.db);
    const id = await queue.enqueue('test.echo', {}, { maxAttempts: 1 });
    await queue.claim('dead-worker', ['test.echo'], 50);
    await sleep(120);
    expect(await queue.claim('live-worker', ['test.echo'], 60_000)).toBeNull();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, finished: true });
    expect(row.last_error).toContain('Lease expired');
  });

  it('never hands the same job to two workers claiming at once', async () => {
    const queueA = createJobQueue(database.db);
    const queueB = createJobQueue(other.db);
    const ids = new Set<number>();
    for (let i = 0; i < 30; i++) ids.add(await queueA.enqueue('test.echo', { i }));

    const claims = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? queueA : queueB).claim(`worker-${i % 2}`, ['test.echo'], 60_000)),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c.id);
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed)).toEqual(ids);
  });

  it('runs each job exactly once with two workers running concurrently', async () => {
    const count = 60;
    const executions = new Map<number, string[]>();
    const handlerFor = (name: string): JobHandlers => ({
      'test.work': async (_payload, job) => {
        executions.set(job.id, [...(executions.get(job.id) ?? []), name]);
        await sleep(Math.floor(Math.random() * 8));
      },
    });
    const queue = createJobQueue(database.db);
    for (let i = 0; i < count; i++) await queue.enqueue('test.work', { i });

    const a = worker(database, handlerFor('a'), 'worker-a', { concurrency: 4 });
    const b = worker(other, handlerFor('b'), 'worker-b', { concurrency: 4 });
    a.start();
    b.start();
    await waitFor(
      async () => {
        const [row] = await execute<{ n: number }>(database.db, sql`select count(*)::int as n from jobs where status = 'done'`);
        return row!.n === count;
      },
      { what: 'every job to finish' },
    );
    await Promise.all([a.stop(), b.stop()]);

    expect(executions.size).toBe(count);
    const twice = [...executions].filter(([, runs]) => runs.length !== 1);
    expect(twice).toEqual([]);
    // Both really took part (each starts with a batch of four).
    const byWorker = [...executions.values()].flat();
    expect(byWorker.filter((w) => w === 'a').length).toBeGreaterThan(0);
    expect(byWorker.filter((w) => w === 'b').length).toBeGreaterThan(0);
  });

  it('keeps a long job with its worker while the worker beats its lease', async () => {
    const queue = createJobQueue(database.db);
    const id = await queue.enqueue('test.slow', {});
    let runs = 0;
    const slow = worker(database, { 'test.slow': async () => void (runs++, await sleep(1500)) }, 'slow-worker', { leaseMs: 500 });
    let finished = false;
    const running = slow.drain().finally(() => (finished = true));
    await waitFor(() => runs === 1);
    // Another worker keeps polling through the job's run; the lease is renewed before it expires.
    const thief = createJobQueue(other.db);
    const stolen: unknown[] = [];
    while (!finished) {
      const job = await thief.claim('thief', ['test.slow'], 60_000);
      if (job) stolen.push(job);
      await sleep(50);
    }
    await running;
    expect(stolen).toEqual([]);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failing job with growing backoff, then ends failed with its error', async () => {
    const baseMs = 150;
    const attemptsAt: number[] = [];
    const failing = worker(
      database,
      {
        'test.fail': async (_payload, job) => {
          attemptsAt.push(Date.now());
          throw new Error(`boom on attempt ${job.attempts}`);
        },
      },
      'failing-worker',
      { retryBaseMs: baseMs },
    );
    const id = await createJobQueue(database.db).enqueue('test.fail', {}, { maxAttempts: 3 });

    for (const attempt of [1, 2]) {
      await waitFor(async () => (await failing.drain()) > 0, { what: `attempt ${attempt}` });
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: attempt, last_error: `boom on attempt ${attempt}`, locked_by: null });
      // run_at moved past the failure by the backoff: 150 ms, then 300 ms.
      expect(row.backoff_ms).toBeCloseTo(retryDelayMs(attempt, baseMs), 0);
    }
    await waitFor(async () => (await failing.drain()) > 0, { what: 'attempt 3' });

    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom on attempt 3', finished: true });
    expect(attemptsAt).toHaveLength(3);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(baseMs - 20);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(2 * baseMs - 20);
    await sleep(2 * baseMs);
    expect(await failing.drain()).toBe(0);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and caps at ten minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelayMs(30)).toBe(600_000);
  });
});
