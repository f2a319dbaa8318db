import { describe, expect, it } from 'vitest';
import { jobRow, testJob, useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import type { JobDefinition } from './define-job';
import { createJobRunner, createWorker } from './worker';

const jobs = useJobQueue();

const statusOf = async (id: number) => (await jobRow(jobs.database, id)).status;

const workerFor = (definitions: JobDefinition[], opts: { pollMs?: number; concurrency?: number; leaseMs?: number } = {}) =>
  createWorker(
    createJobRunner({ queue: jobs.queue, jobs: definitions, services: jobs.services, log: silentLog, leaseMs: opts.leaseMs }),
    silentLog,
    {
      pollMs: opts.pollMs ?? 10,
      concurrency: opts.concurrency ?? 1,
    },
  );

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

  it('at shutdown stops claiming, gives running jobs the grace period, then aborts their signal and leaves them to their lease', async () => {
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
    // Not failed, not retried by this worker: still running under its lease, for another worker later.
    expect(await jobRow(jobs.database, id)).toMatchObject({ status: 'running', attempts: 1, last_error: null });
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
});
