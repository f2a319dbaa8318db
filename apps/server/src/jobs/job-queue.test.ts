import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute, type Database } from '../db/client';
import { openPostgres } from '../db/postgres-driver';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { drainJobs, jobRow as rowOf, testJob } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import type { JobHandler } from './define-job';
import { createJobQueue, retryDelayMs } from './job-queue';
import { createJobRunner, createWorker } from './worker';

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

const jobRow = (id: number) => rowOf(database, id);

const echo = testJob('test.echo');

/** A job runner as one worker process has it, on `db`'s own queue. */
const runner = (db: Database, jobs: JobHandler[], workerId: string, opts: { leaseMs?: number; retryBaseMs?: number } = {}) =>
  createJobRunner({
    queue: createJobQueue(db.db, { retryBaseMs: opts.retryBaseMs }),
    jobs,
    log: silentLog,
    leaseMs: opts.leaseMs,
    workerId,
  });

const worker = (db: Database, jobs: JobHandler[], workerId: string, opts: { concurrency?: number } = {}) =>
  createWorker(runner(db, jobs, workerId), silentLog, { pollMs: 10, concurrency: opts.concurrency ?? 1 });

describe('job queue', () => {
  it('runs a job again after the lease of a worker that died mid-run expires', async () => {
    const queue = createJobQueue(database.db);
    const id = await queue.enqueue(echo, { n: 1 });
    // The "dead" worker claims with a short lease and never completes.
    // Long enough that the claim below comes before it ends, even on a busy machine.
    const dead = await queue.claim('dead-worker', ['test.echo'], 1500);
    expect(dead).toMatchObject({ id, attempts: 1 });
    expect(await queue.claim('live-worker', ['test.echo'], 60_000)).toBeNull();

    const runs: number[] = [];
    const live = runner(database, [testJob('test.echo', async (_payload, { job }) => void runs.push(job.id))], 'live-worker');
    await waitFor(async () => (await drainJobs(live)) > 0, { what: 'the lease to expire' });

    expect(runs).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null, finished: true });
    // The dead worker waking up late cannot overwrite the outcome.
    await queue.complete(id, 'dead-worker');
    await queue.fail(dead!, 'dead-worker', 'late failure');
    expect(await jobRow(id)).toMatchObject({ status: 'done', last_error: null });
  });

  it('ends a job failed when its last attempt lost its lease', async () => {
    const queue = createJobQueue(database.db);
    const id = await queue.enqueue(echo, {}, { maxAttempts: 1 });
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
    for (let i = 0; i < 30; i++) ids.add(await queueA.enqueue(echo, { i }));

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
    const handlerFor = (name: string) => [
      testJob('test.work', async (_payload, { job }) => {
        executions.set(job.id, [...(executions.get(job.id) ?? []), name]);
        await sleep(Math.floor(Math.random() * 8));
      }),
    ];
    const queue = createJobQueue(database.db);
    for (let i = 0; i < count; i++) await queue.enqueue(testJob('test.work'), { i });

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
    let runs = 0;
    const slowJob = testJob('test.slow', async () => void (runs++, await sleep(1500)));
    const id = await queue.enqueue(slowJob, {});
    const slow = runner(database, [slowJob], 'slow-worker', { leaseMs: 500 });
    let finished = false;
    const running = drainJobs(slow).finally(() => (finished = true));
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
    const failJob = testJob('test.fail', async (_payload, { job }) => {
      attemptsAt.push(Date.now());
      throw new Error(`boom on attempt ${job.attempt}`);
    });
    const failing = runner(database, [failJob], 'failing-worker', { retryBaseMs: baseMs });
    const id = await createJobQueue(database.db).enqueue(failJob, {}, { maxAttempts: 3 });

    for (const attempt of [1, 2]) {
      await waitFor(async () => (await drainJobs(failing)) > 0, { what: `attempt ${attempt}` });
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: attempt, last_error: `boom on attempt ${attempt}`, locked_by: null });
      // run_at moved past the failure by the backoff: 150 ms, then 300 ms.
      expect(row.backoff_ms).toBeCloseTo(retryDelayMs(attempt, baseMs), 0);
    }
    await waitFor(async () => (await drainJobs(failing)) > 0, { what: 'attempt 3' });

    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom on attempt 3', finished: true });
    expect(attemptsAt).toHaveLength(3);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(baseMs - 20);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(2 * baseMs - 20);
    await sleep(2 * baseMs);
    expect(await drainJobs(failing)).toBe(0);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and caps at ten minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelayMs(30)).toBe(600_000);
  });
});

describe('worker shutdown', () => {
  it('a job still running when its worker shuts down is given back at once, taken by another worker and completes', async () => {
    const done: string[] = [];
    const attemptsSeen: number[] = [];
    // The same job type in two processes: in the first the work outlasts the shutdown grace period.
    const slowHere = testJob('test.import', async (_payload, { signal, job }) => {
      attemptsSeen.push(job.attempt);
      await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    });
    const quickThere = testJob('test.import', async (_payload, { job }) => {
      attemptsSeen.push(job.attempt);
      done.push('other-worker');
    });
    const id = await createJobQueue(database.db).enqueue(slowHere, { file: 'contacts.csv' });

    const first = createWorker(runner(database, [slowHere], 'stopping-worker', { leaseMs: 600 }), silentLog, {
      pollMs: 10,
      concurrency: 1,
    });
    first.start();
    await waitFor(() => attemptsSeen.length === 1, { what: 'the first worker to start the job' });
    await first.stop({ graceMs: 200 });
    // Given back at once, the stopped attempt not counted: a deploy never uses up a job's attempts.
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });

    const second = createWorker(runner(other, [quickThere], 'other-worker', { leaseMs: 60_000 }), silentLog, {
      pollMs: 20,
      concurrency: 1,
    });
    second.start();
    try {
      await waitFor(async () => (await jobRow(id)).status === 'done', { what: 'the other worker to finish the job' });
    } finally {
      await second.stop();
    }
    expect(done).toEqual(['other-worker']);
    expect(attemptsSeen).toEqual([1, 1]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null, finished: true });
  });
});
