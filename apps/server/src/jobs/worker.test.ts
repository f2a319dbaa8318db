import { describe, expect, it } from 'vitest';
import { useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import { createWorker, type JobHandlers } from './worker';

const jobs = useJobQueue();

const statusOf = async (id: number) => (await jobs.queue.get(id))?.status;

describe('job worker', () => {
  it('stop() waits for the job in flight to finish', async () => {
    let started = false;
    let finished = false;
    const worker = createWorker(
      jobs.queue,
      { 'test.slow': async () => void ((started = true), await sleep(400), (finished = true)) },
      silentLog,
      { pollMs: 10, concurrency: 1 },
    );
    const id = await jobs.queue.enqueue('test.slow', {});
    worker.start();
    await waitFor(() => started);
    await worker.stop();
    expect(finished).toBe(true);
    expect(await statusOf(id)).toBe('done');
  });

  it('runs at most `concurrency` jobs at once', async () => {
    let active = 0;
    let peak = 0;
    const handlers: JobHandlers = {
      'test.work': async () => {
        peak = Math.max(peak, ++active);
        await sleep(150);
        active--;
      },
    };
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await jobs.queue.enqueue('test.work', { i }));
    const worker = createWorker(jobs.queue, handlers, silentLog, { pollMs: 10, concurrency: 3 });
    worker.start();
    await waitFor(async () => (await Promise.all(ids.map(statusOf))).every((s) => s === 'done'));
    await worker.stop();
    expect(peak).toBe(3);
  });

  it('poke() looks for work at once instead of at the next poll', async () => {
    let ran = false;
    const worker = createWorker(jobs.queue, { 'test.work': async () => void (ran = true) }, silentLog, { pollMs: 60_000, concurrency: 1 });
    worker.start();
    await sleep(50); // the first poll found nothing; the next one is a minute away
    await jobs.queue.enqueue('test.work', {});
    worker.poke();
    await waitFor(() => ran, { timeoutMs: 2000 });
    await worker.stop();
  });

  it('leaves job types it has no handler for to other workers', async () => {
    const id = await jobs.queue.enqueue('someone.else', {});
    const worker = createWorker(jobs.queue, { 'test.work': async () => undefined }, silentLog, { pollMs: 10, concurrency: 1 });
    expect(await worker.drain()).toBe(0);
    expect(await statusOf(id)).toBe('queued');
  });
});
