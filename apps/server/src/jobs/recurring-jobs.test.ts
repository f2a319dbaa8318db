import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { silentLog } from '../../test/silent-log';
import { sleep, waitFor } from '../../test/wait';
import { createJobQueue, type JobQueue } from './job-queue';
import { RECURRING_JOBS, scheduleRecurringJobs } from './recurring-jobs';

let database: TestDatabase;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database.db);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
});

async function pending(type: string): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from jobs where type = ${type} and status in ('queued', 'running')`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('recurring jobs', () => {
  it('schedules the expired-row cleanup hourly', () => {
    expect(RECURRING_JOBS).toContainEqual({ type: 'maintenance.cleanup', everyMs: 3_600_000 });
  });

  it('enqueueUnlessPending adds a job only when none of its type is queued or running', async () => {
    const first = await queue.enqueueUnlessPending('test.tick');
    expect(first).toEqual(expect.any(Number));
    expect(await queue.enqueueUnlessPending('test.tick')).toBeNull();
    await queue.claim('w', ['test.tick'], 60_000);
    expect(await queue.enqueueUnlessPending('test.tick')).toBeNull(); // running counts too
    await queue.complete(first!, 'w');
    expect(await queue.enqueueUnlessPending('test.tick')).toEqual(expect.any(Number));
  });

  it('queues at once and then on every interval, never piling up', async () => {
    let queued = 0;
    const schedule = scheduleRecurringJobs(queue, [{ type: 'test.tick', everyMs: 40 }], silentLog, () => queued++);
    try {
      await waitFor(() => queued === 1, { what: 'the first run to be queued' });
      await sleep(200); // several intervals pass while the job waits for a worker
      expect(await pending('test.tick')).toBe(1);
      await database.db.execute(sql`update jobs set status = 'done' where type = 'test.tick'`);
      await waitFor(() => queued === 2, { what: 'the next run to be queued' });
    } finally {
      schedule.stop();
    }
  });
});
