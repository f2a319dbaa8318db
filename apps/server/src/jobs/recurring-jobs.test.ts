import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testJob, useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import { cleanupJob } from '../modules/maintenance/maintenance-jobs';
import { removeUnclaimedUploadsJob } from '../modules/recordings/recording-jobs';
import { scheduleRecurringJobs } from './recurring-jobs';
import { execute } from '../db/client';

const jobs = useJobQueue();

async function pending(type: string): Promise<number> {
  const [row] = await execute<{ n: number }>(
    jobs.database.db,
    sql`select count(*)::int as n from jobs where type = ${type} and status in ('queued', 'running')`,
  );
  return row!.n;
}

describe('recurring jobs', () => {
  it('schedules the expired-row cleanup and the unclaimed uploads removal hourly', () => {
    expect(jobs.services.schedule).toContainEqual({ job: cleanupJob, everyMs: 3_600_000 });
    expect(jobs.services.schedule).toContainEqual({ job: removeUnclaimedUploadsJob, everyMs: 3_600_000 });
  });

  it('queues at once and then on every interval, never piling up', async () => {
    let queued = 0;
    const schedule = scheduleRecurringJobs(jobs.queue, [{ job: testJob('test.tick'), everyMs: 40 }], silentLog, () => queued++);
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

  it('two worker processes scheduling the same job keep one pending', async () => {
    const tick = testJob('test.tick');
    const a = scheduleRecurringJobs(jobs.queue, [{ job: tick, everyMs: 20 }], silentLog);
    const b = scheduleRecurringJobs(jobs.queue, [{ job: tick, everyMs: 20 }], silentLog);
    try {
      await sleep(200);
      expect(await pending('test.tick')).toBe(1);
    } finally {
      a.stop();
      b.stop();
    }
  });
});
