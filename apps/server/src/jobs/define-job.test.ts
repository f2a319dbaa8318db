import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drainJobs, jobRow, useJobQueue } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { execute } from '../db/client';
import { declareJob, handleJob, InvalidJobPayloadError } from './define-job';
import { createJobRunner } from './worker';

const jobs = useJobQueue();

const seen: { dealId: number; note: string }[] = [];
const noteJob = declareJob({
  type: 'test.note',
  payload: z.object({ dealId: z.number().int().positive(), note: z.string().min(1) }),
});
const syncJob = declareJob({ type: 'test.sync', payload: z.object({ connectionId: z.string() }) });
const handlers = [handleJob(noteJob, async (payload) => void seen.push(payload)), handleJob(syncJob, async () => undefined)];

const runner = () => createJobRunner({ queue: jobs.queue, jobs: handlers, log: silentLog });
const count = async () => {
  const [row] = await execute<{ n: number }>(jobs.database.db, sql`select count(*)::int as n from jobs`);
  return row!.n;
};

describe('typed jobs', () => {
  it('refuses to queue a payload its schema rejects, naming the type and the fields', async () => {
    const bad = jobs.queue.enqueue(noteJob, { dealId: -3, note: '' });
    await expect(bad).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(bad).rejects.toThrow(/^Invalid payload for test.note: dealId: .*; note: /);
    // @ts-expect-error the payload type comes from the schema
    await expect(jobs.queue.enqueue(noteJob, { dealId: 'seven' })).rejects.toThrow('Invalid payload for test.note');
    expect(await count()).toBe(0);
  });

  it('runs a valid payload as parsed', async () => {
    seen.length = 0;
    const id = await jobs.queue.enqueue(noteJob, { dealId: 7, note: 'call back' });
    expect(await drainJobs(runner())).toBe(1);
    expect(seen).toEqual([{ dealId: 7, note: 'call back' }]);
    expect(await jobRow(jobs.database, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('fails a job whose stored payload is invalid when claimed, with a readable error and no retries', async () => {
    seen.length = 0;
    // Written by an older release, or by hand: the table holds something the schema rejects.
    const [inserted] = await execute<{ id: string }>(
      jobs.database.db,
      sql`
      insert into jobs (type, payload, max_attempts) values ('test.note', '{"dealId":"x"}'::jsonb, 5) returning id`,
    );
    const id = Number(inserted!.id);
    expect(await drainJobs(runner())).toBe(1);
    expect(seen).toEqual([]);
    const row = await jobRow(jobs.database, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, finished: true, locked_by: null });
    expect(row.last_error).toMatch(/^Invalid payload for test.note: dealId: .*number.*; note: /);
    expect(await drainJobs(runner())).toBe(0);
  });

  it('with a dedupe key, queues nothing (and returns null) while a job of that type and key is queued or running', async () => {
    const first = await jobs.queue.enqueue(syncJob, { connectionId: 'c1' }, { dedupeKey: 'c1' });
    expect(first).toEqual(expect.any(Number));
    expect(await jobs.queue.enqueue(syncJob, { connectionId: 'c1' }, { dedupeKey: 'c1' })).toBeNull();
    // Another key, no key, or another type with the same key: all queued.
    expect(await jobs.queue.enqueue(syncJob, { connectionId: 'c2' }, { dedupeKey: 'c2' })).toEqual(expect.any(Number));
    expect(await jobs.queue.enqueue(syncJob, { connectionId: 'c1' })).toEqual(expect.any(Number));
    expect(await jobs.queue.enqueue(noteJob, { dealId: 1, note: 'n' }, { dedupeKey: 'c1' })).toEqual(expect.any(Number));

    const claimed = await jobs.queue.claim('w', ['test.sync'], 60_000);
    expect(claimed?.id).toBe(first);
    expect(await jobs.queue.enqueue(syncJob, { connectionId: 'c1' }, { dedupeKey: 'c1' })).toBeNull(); // running counts too
    await jobs.queue.complete(first!, 'w');
    const next = await jobs.queue.enqueue(syncJob, { connectionId: 'c1' }, { dedupeKey: 'c1' });
    expect(next).toEqual(expect.any(Number));
    expect(next).not.toBe(first);
  });

  it('frees the dedupe key when the job ends failed', async () => {
    const once = declareJob({ type: 'test.once', payload: z.object({}), maxAttempts: 1 });
    const failing = handleJob(once, async () => Promise.reject(new Error('down')));
    const id = await jobs.queue.enqueue(once, {}, { dedupeKey: 'k' });
    expect(await drainJobs(createJobRunner({ queue: jobs.queue, jobs: [failing], log: silentLog }))).toBe(1);
    expect(await jobRow(jobs.database, id!)).toMatchObject({ status: 'failed', last_error: 'down' });
    expect(await jobs.queue.enqueue(once, {}, { dedupeKey: 'k' })).toEqual(expect.any(Number));
  });

  it('keeps one job when two enqueue the same key at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => jobs.queue.enqueue(syncJob, { connectionId: 'c9' }, { dedupeKey: 'c9' })),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await count()).toBe(1);
  });
});
