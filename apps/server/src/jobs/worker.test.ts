import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRow, testJob, useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import type { JobHandler } from './define-job';
import { createJobRunner, createWorker } from './worker';

const jobs = useJobQueue();

const statusOf = async (id: number) => (await jobRow(jobs.database, id)).status;

const workerFor = (
  definitions: JobHandler[],
  opts: { pollMs?: number; concurrency?: number; mediaConcurrency?: number; leaseMs?: number } = {},
) =>
  createWorker(createJobRunner({ queue: jobs.queue, jobs: definitions, log: silentLog, leaseMs: opts.leaseMs }), silentLog, {
    pollMs: opts.pollMs ?? 10,
    concurrency: opts.concurrency ?? 1,
    mediaConcurrency: opts.mediaConcurrency,
  });

describe('job worker', () => {
  it('stop() waits for the job in flight to finish', async () => {
    let started = false;
    let finished = false;
    const slow = testJob('test.slow', async () => void ((started = true), await sleep(400), (finished = true)));
    const worker = workerFor([slow]);
    const id = await jobs.queue.enqueue(slow, {});
    worker.start();
    await waitFor(() => started);
    await worker.stop();
    expect(finished).toBe(true);
    expect(await statusOf(id)).toBe('done');
  });

  it('runs at most `concurrency` jobs at once', async () => {
    let active = 0;
    let peak = 0;
    const work = testJob('test.work', async () => {
      peak = Math.max(peak, ++active);
      await sleep(150);
      active--;
    });
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await jobs.queue.enqueue(work, { i }));
    const worker = workerFor([work], { concurrency: 3 });
    worker.start();
    await waitFor(async () => (await Promise.all(ids.map(statusOf))).every((s) => s === 'done'));
    await worker.stop();
    expect(peak).toBe(3);
  });

  it('poke() looks for work at once instead of at the next poll', async () => {
    let ran = false;
    const work = testJob('test.work', async () => void (ran = true));
    const worker = workerFor([work], { pollMs: 60_000 });
    worker.start();
    await sleep(50); // the first poll found nothing; the next one is a minute away
    await jobs.queue.enqueue(work, {});
    worker.poke();
    await waitFor(() => ran, { timeoutMs: 2000 });
    await worker.stop();
  });

  it('leaves job types it has no handler for to other workers', async () => {
    const id = await jobs.queue.enqueue(testJob('someone.else'), {});
    const worker = workerFor([testJob('test.work')]);
    worker.start();
    await sleep(100);
    await worker.stop();
    expect(await statusOf(id)).toBe('queued');
  });

  it('at shutdown stops claiming, gives running jobs the grace period, then aborts their signal and queues them again', async () => {
    let signal: AbortSignal | undefined;
    let abortedAfterMs = -1;
    let stopAsked = 0;
    const stubborn = testJob('test.stubborn', async (_payload, context) => {
      signal = context.signal;
      await new Promise<void>((resolve, reject) =>
        context.signal.addEventListener('abort', () => {
          abortedAfterMs = Date.now() - stopAsked;
          reject(context.signal.reason as Error);
        }),
      );
    });
    const id = await jobs.queue.enqueue(stubborn, {});
    const waiting = await jobs.queue.enqueue(stubborn, {}, { runAt: new Date(Date.now() + 300) });
    const worker = workerFor([stubborn], { leaseMs: 60_000 });
    worker.start();
    await waitFor(() => signal, { what: 'the job to start' });

    stopAsked = Date.now();
    await worker.stop({ graceMs: 600 });
    const stoppedAfterMs = Date.now() - stopAsked;
    expect(signal!.aborted).toBe(true);
    expect(abortedAfterMs).toBeGreaterThanOrEqual(590);
    expect(stoppedAfterMs).toBeLessThan(3000);
    // Not failed, not retried by this worker: queued again for another worker, the stopped attempt not counted.
    expect(await jobRow(jobs.database, id)).toMatchObject({ status: 'queued', attempts: 0, last_error: null, locked_by: null });
    // The job that became due during the grace period was not claimed.
    expect(await jobRow(jobs.database, waiting)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('lets a job that finishes within the grace period complete', async () => {
    let aborted = false;
    const quick = testJob('test.quick', async (_payload, { signal }) => {
      await sleep(300);
      aborted = signal.aborted;
    });
    const id = await jobs.queue.enqueue(quick, {});
    const worker = workerFor([quick]);
    worker.start();
    await waitFor(async () => (await statusOf(id)) === 'running');
    await worker.stop({ graceMs: 5000 });
    expect(aborted).toBe(false);
    expect(await statusOf(id)).toBe('done');
  });

  it('runs media jobs in their own slots: with them busy, a default job still runs at once', async () => {
    let mediaRunning = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transcribe = testJob('test.transcribe', async () => void (mediaRunning++, await released), { pool: 'media' });
    let mailSentAt = 0;
    const mail = testJob('test.mail', async () => void (mailSentAt = Date.now()));
    const media = [await jobs.queue.enqueue(transcribe, {}), await jobs.queue.enqueue(transcribe, {})];
    const worker = workerFor([transcribe, mail], { concurrency: 1, mediaConcurrency: 1 });
    worker.start();
    await waitFor(() => mediaRunning === 1, { what: 'a media job to start' });

    const queuedAt = Date.now();
    await jobs.queue.enqueue(mail, {});
    worker.poke();
    await waitFor(() => mailSentAt > 0, { what: 'the default job to run beside the busy media slot', timeoutMs: 5000 });
    expect(mailSentAt - queuedAt).toBeLessThan(3000);
    // One media slot: the second transcription waits for the first.
    expect(mediaRunning).toBe(1);
    expect(await statusOf(media[1]!)).toBe('queued');
    release();
    await waitFor(async () => (await Promise.all(media.map(statusOf))).every((s) => s === 'done'));
    await worker.stop();
  });

  it('calls onFinalFailure once, with the error, when the last attempt fails; never on a retry', async () => {
    const calls: { payload: unknown; reason: string }[] = [];
    const flaky = testJob('test.flaky', async () => Promise.reject(new Error('provider down')), {
      onFinalFailure: async (payload, reason) => void calls.push({ payload, reason }),
    });
    const runner = createJobRunner({ queue: jobs.queue, jobs: [flaky], log: silentLog });
    const id = await jobs.queue.enqueue(flaky, { recordingId: 'r1' }, { maxAttempts: 2 });
    const first = (await runner.claim())!;
    expect(await runner.run(first, new AbortController().signal)).toBe('retry');
    expect(calls).toEqual([]);
    await jobs.database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    const second = (await runner.claim())!;
    expect(await runner.run(second, new AbortController().signal)).toBe('failed');
    expect(calls).toEqual([{ payload: { recordingId: 'r1' }, reason: 'provider down' }]);
  });

  it('calls onFinalFailure once when the lease of the last attempt runs out', async () => {
    const calls: { payload: unknown; reason: string }[] = [];
    const job = testJob('test.lost', async () => undefined, {
      onFinalFailure: async (payload, reason) => void calls.push({ payload, reason }),
    });
    const id = await jobs.queue.enqueue(job, { recordingId: 'r2' }, { maxAttempts: 1 });
    // A worker claims it and dies: the lease runs out with no attempt left.
    await jobs.queue.claim('dead-worker', ['test.lost'], 50);
    await sleep(120);
    const live = createJobRunner({ queue: jobs.queue, jobs: [job], log: silentLog });
    const other = createJobRunner({ queue: jobs.queue, jobs: [job], log: silentLog });
    expect(await live.claim()).toBeNull();
    expect(await other.claim()).toBeNull();
    expect(await jobRow(jobs.database, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(calls).toEqual([{ payload: { recordingId: 'r2' }, reason: expect.stringContaining('Lease expired') }]);
  });
});
