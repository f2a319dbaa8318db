import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import { RECURRING_JOBS, scheduleRecurringJobs } from './recurring-jobs';
import { execute } from '../db/client';

const jobs = useJobQueue();

async function pending(type: string): Promise<number> {
  const [row] = await execute<{ n: number }>(jobs.database.db, sql`select count(*)::int as n from jobs where type = ${type} and status in ('queued', 'running')`);
  return row!.n;
}

describe('recurring jobs', () => {
  it('schedules the expired-row cleanup hourly', () => {
    expect(RECURRING_JOBS).toContainEqual({ type: 'maintenance.cleanup', everyMs: 3_600_000 });
  });

  it('enqueueUnlessPending adds a job only when none of its type is queued or running', async () => {
    const first = await jobs.queue.enqueueUnlessPending('test.tick');
    expect(first).toEqual(expect.any(Number));
    expect(await jobs.queue.enqueueUnlessPending('test.tick')).toBeNull();
    await jobs.queue.claim('w', ['test.tick'], 60_000);
    expect(await jobs.queue.enqueueUnlessPending('test.tick')).toBeNull(); // running counts too
    await jobs.queue.complete(first!, 'w');
    expect(await jobs.queue.enqueueUnlessPending('test.tick')).toEqual(expect.any(Number));
  });

  it('queues at once and then on every interval, never piling up', async () => {
    let queued = 0;
    const schedule = scheduleRecurringJobs(jobs.queue, [{ type: 'test.tick', everyMs: 40 }], silentLog, () => queued++);
    try {
      await waitFor(() => queued === 1, { what: 'the first run to be queued' });
      await sleep(200); // several intervals pass while the job waits for a worker
      expect(await pending('test.tick')).toBe(1);
      await jobs.database.db.execute(sql`update jobs set status = 'done' where type = 'test.tick'`);
      await waitFor(() => queued === 2, { what: 'the next run to be queued' });
    } finally {
      schedule.stop();
    }
  });
});
