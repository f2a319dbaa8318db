import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../adapters/storage/local-file-storage';
import { execute, type Database } from '../db/client';
import { openPostgres } from '../db/postgres-driver';
import { createJobQueue, LEASE_EXPIRED_MESSAGE } from '../jobs/job-queue';
import { createJobRunner, createWorker, type Worker } from '../jobs/worker';
import { newMediaKey } from '../modules/recordings/media-intake';
import type { Services } from '../services';
import { jobRow, testJob, testServices } from '../../test/jobs-fixture';
import { filesUnder, tinyMp4 } from '../../test/recordings-kit';
import { silentLog } from '../../test/silent-log';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { sleep, waitFor } from '../../test/wait';
import { clearUpAfter, createProcessRegistry, localKeyOf, newProcessId, type ProcessRegistry } from './processes';

/** Fast beats for the test: a process is dead a second after its last one; sweeps every 250 ms. */
const TIMING = { beatMs: 100, deadAfterMs: 1000, sweepMs: 250 };
/** A lease far longer than any test: a job only runs again here because its holder was found stopped. */
const LONG_LEASE_MS = 10 * 60_000;

let database: TestDatabase;
/** A second pool on the PostgreSQL run, as another process has; the same PGlite otherwise. */
let other: Database;
let services: Services;
let dir: string;
const started: ProcessRegistry[] = [];
const workers: Worker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openPostgres(database.url, 2) : database;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-processes-'));
  services = testServices(database, { storage: createLocalFileStorage(dir) });
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  await database.db.execute(sql`delete from server_processes`);
  fs.rmSync(path.join(dir, 'recordings'), { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 1000 })));
  await Promise.all(started.splice(0).map((p) => p.stop().catch(() => undefined)));
});

const ran: string[] = [];
const work = testJob('test.call', async (payload) => {
  await sleep(50);
  ran.push((payload as { name: string }).name);
});

/**
 * A server process as main.ts starts it, on `db`: its registry (clearing up after stopped ones
 * with the real job queue and recordings service) and, unless `worker: false`, a worker. Another
 * machine as far as the pid check goes, unless `localKey` says otherwise.
 */
async function startProcess(
  opts: { db?: Database; worker?: boolean; beatMs?: number; localKey?: string | null; start?: boolean } = {},
): Promise<{ id: string; registry: ProcessRegistry }> {
  const id = newProcessId();
  const db = opts.db ?? database;
  const queue = createJobQueue(db.db);
  const worker =
    opts.worker === false
      ? undefined
      : createWorker(createJobRunner({ queue, jobs: [work], log: silentLog, workerId: id }), silentLog, { pollMs: 50, concurrency: 1 });
  const registry = createProcessRegistry({
    db: db.db,
    id,
    role: 'all',
    log: silentLog,
    ...TIMING,
    beatMs: opts.beatMs ?? TIMING.beatMs,
    localKey: opts.localKey === undefined ? null : opts.localKey,
    onDead: clearUpAfter({
      releaseLeasesOf: (ids) => queue.releaseLeasesOf(ids),
      removeFilesOf: (ids) => services.recordings.service.removeFilesOf(ids),
      log: silentLog,
      poke: () => worker?.poke(),
    }),
  });
  if (opts.start !== false) {
    await registry.start();
    started.push(registry);
  }
  if (worker) {
    worker.start();
    workers.push(worker);
  }
  return { id, registry };
}

/**
 * What a process `writer` is in the middle of: an upload still streaming into its part file, media
 * stored whose recording is not written yet, and a job it claimed. Returns the storage keys and the job.
 */
async function inTheMiddleOf(writer: string, db: Database = other) {
  const storage = createLocalFileStorage(dir, undefined, { writer });
  const unfiled = newMediaKey(writer);
  await storage.put(unfiled, Readable.from([tinyMp4()]), {});
  const body = new PassThrough();
  const writing = storage.put(newMediaKey(writer), body, {}).catch(() => 'stopped');
  body.write(tinyMp4());
  const part = await waitFor(() => filesUnder(dir).find((f) => f.endsWith('.part')), { what: 'the part file' });
  const queue = createJobQueue(db.db);
  const jobId = await queue.enqueue(work, { name: `job of ${writer.slice(0, 6)}` });
  expect(await queue.claim(writer, [work.type], LONG_LEASE_MS)).toMatchObject({ id: jobId, attempts: 1 });
  return { unfiled, part, jobId, body, writing };
}

/** Media `writer` stored and filed: its recording refers to it. Returns its key. */
async function fileMediaOf(writer: string): Promise<string> {
  const key = newMediaKey(writer);
  await createLocalFileStorage(dir, undefined, { writer }).put(key, Readable.from([tinyMp4()]), {});
  const [org] = await execute<{ id: string }>(
    database.db,
    sql`insert into organizations (name, domain) values ('Processes Co', ${`p-${randomUUID().slice(0, 8)}.example`}) returning id`,
  );
  await database.db.execute(sql`
    insert into recordings (organization_id, uploader_email, title, upload_type, storage_key, media_type, size_bytes, status)
    values (${org!.id}, 'rep@processes.example', 'Filed call', 'file', ${key}, 'video/mp4', ${tinyMp4().length}, 'uploaded')`);
  return key;
}

/** Makes `files` look written `hours` ago. */
function age(files: string[], hours: number): void {
  const at = new Date(Date.now() - hours * 3_600_000);
  for (const f of files) fs.utimesSync(path.join(dir, f), at, at);
}

describe('server processes', () => {
  it('a process whose heartbeat stops has its files removed and its job run by another within the sweep interval', async () => {
    ran.length = 0;
    // The stopped one registered and beat, then never again (an hour between beats): as if killed.
    const stopped = await startProcess({ db: other, worker: false, beatMs: 3_600_000 });
    const left = await inTheMiddleOf(stopped.id);
    // Media it stored and filed (its recording written) stays.
    const filed = await fileMediaOf(stopped.id);
    expect(filesUnder(dir)).toEqual(expect.arrayContaining([left.unfiled, left.part, filed]));

    const from = Date.now();
    const live = await startProcess();
    const gone = () => !filesUnder(dir).some((f) => f === left.unfiled || f === left.part);
    await waitFor(async () => (await jobRow(database, left.jobId)).status === 'done' && gone(), {
      timeoutMs: 15_000,
      what: 'the job to run again and the files to go',
    });
    const tookMs = Date.now() - from;
    // Dead a second after its last beat, found by a sweep every 250 ms: far sooner than the 10-minute lease.
    expect(tookMs).toBeLessThan(LONG_LEASE_MS / 10);
    expect(await jobRow(database, left.jobId)).toMatchObject({ status: 'done', attempts: 2 });
    expect(ran).toEqual([`job of ${stopped.id.slice(0, 6)}`]);
    expect(filesUnder(dir)).toContain(filed);
    // Cleared up after once: its row is gone, the live one's stays.
    const rows = await execute<{ id: string }>(database.db, sql`select id from server_processes`);
    expect(rows.map((r) => r.id)).toEqual([live.id]);
    left.body.destroy();
    await left.writing;
  });

  it("a live process's old part file, unfiled media and long-running job are left alone, by sweeps and the hourly clean-up", async () => {
    const busy = await startProcess({ db: other, worker: false });
    const left = await inTheMiddleOf(busy.id);
    // Two hours old: the hourly clean-up would remove files of no process this old.
    age([left.unfiled, left.part], 2);
    const nobodys = `recordings/${randomUUID()}/media.${randomUUID()}.part`;
    fs.mkdirSync(path.dirname(path.join(dir, nobodys)), { recursive: true });
    fs.writeFileSync(path.join(dir, nobodys), 'x');
    age([nobodys], 2);

    await startProcess();
    // Many sweeps and two dead-after periods pass.
    await sleep(TIMING.deadAfterMs * 2 + TIMING.sweepMs);
    await services.recordings.service.removeInterruptedUploads(new Date(Date.now() - 3_600_000));

    expect(await jobRow(database, left.jobId)).toMatchObject({ status: 'running', attempts: 1, locked_by: busy.id });
    const files = filesUnder(dir);
    expect(files).toEqual(expect.arrayContaining([left.unfiled, left.part]));
    // A file no process id is stamped on still goes after an hour.
    expect(files).not.toContain(nobodys);
    left.body.end();
    await left.writing;
  });

  it('two sweepers at once clear up after a stopped process once, and its job runs once', async () => {
    ran.length = 0;
    const stopped = await startProcess({ db: other, worker: false, beatMs: 3_600_000 });
    const left = await inTheMiddleOf(stopped.id);
    left.body.destroy();
    // Two processes (their timers far apart, so the test's own sweeps below are what race).
    const a = await startProcess({ start: false });
    const b = await startProcess({ db: other, start: false });
    await Promise.all([a.registry.start(), b.registry.start()]);
    started.push(a.registry, b.registry);
    await sleep(TIMING.deadAfterMs + 50);
    const [byA, byB] = await Promise.all([a.registry.sweep(), b.registry.sweep()]);
    await waitFor(async () => (await jobRow(database, left.jobId)).status === 'done', { timeoutMs: 15_000, what: 'the job' });
    // Whichever swept first; the timers may have got there before the test's sweeps.
    expect([...byA, ...byB].filter((id) => id === stopped.id).length).toBeLessThanOrEqual(1);
    await sleep(300);
    expect(ran).toEqual([`job of ${stopped.id.slice(0, 6)}`]);
    expect(await jobRow(database, left.jobId)).toMatchObject({ status: 'done', attempts: 2 });
    await left.writing;
  });

  it('a job held by a stopped process on its last attempt ends failed, as when its lease runs out', async () => {
    const stopped = await startProcess({ db: other, worker: false, beatMs: 3_600_000 });
    const queue = createJobQueue(other.db);
    const jobId = await queue.enqueue(work, { name: 'last try' }, { maxAttempts: 1 });
    await queue.claim(stopped.id, [work.type], LONG_LEASE_MS);
    await startProcess();
    await waitFor(async () => (await jobRow(database, jobId)).status === 'failed', { timeoutMs: 15_000, what: 'the job to fail' });
    expect(await jobRow(database, jobId)).toMatchObject({ attempts: 1, last_error: LEASE_EXPIRED_MESSAGE });
  });

  it('a process on this machine whose pid is gone is cleared up after at the first sweep, before its beats lapse', async () => {
    const here = localKeyOf();
    expect(here, 'this machine has /proc').not.toBeNull();
    const machine = here!.slice(0, here!.lastIndexOf('@'));
    const gone = newProcessId();
    const running = newProcessId();
    // Both beat a moment ago. The gone one's pid now names another process (this one), started at
    // another moment; the running one is this very process.
    await database.db.execute(sql`
      insert into server_processes (id, role, host, pid, local_key)
      values (${gone}, 'all', ${os.hostname()}, ${process.pid}, ${`${machine}@1`}),
        (${running}, 'api', ${os.hostname()}, ${process.pid}, ${here})`);
    const queue = createJobQueue(database.db);
    const jobId = await queue.enqueue(work, { name: 'pid gone' });
    await queue.claim(gone, [work.type], LONG_LEASE_MS);
    const live = await startProcess({ localKey: here, start: false });
    expect(await live.registry.start()).toEqual([gone]);
    started.push(live.registry);
    await waitFor(async () => (await jobRow(database, jobId)).status === 'done', { timeoutMs: 15_000, what: 'the job' });
    const rows = await execute<{ id: string }>(database.db, sql`select id from server_processes`);
    expect(rows.map((r) => r.id).sort()).toEqual([running, live.id].sort());
  });

  it('a process whose own beats stopped takes nobody for dead by their beats (after a database outage nobody could beat)', async () => {
    const quiet = await startProcess({ db: other, worker: false, beatMs: 3_600_000 });
    const queue = createJobQueue(other.db);
    const jobId = await queue.enqueue(work, { name: 'kept' });
    await queue.claim(quiet.id, [work.type], LONG_LEASE_MS);
    // Its own beats lapse too (an hour apart): it cannot tell the other's silence from its own.
    const sweeper = await startProcess({ beatMs: 3_600_000, worker: false });
    await sleep(TIMING.deadAfterMs + 100);
    expect(await sweeper.registry.sweep()).toEqual([]);
    expect(await jobRow(database, jobId)).toMatchObject({ status: 'running', locked_by: quiet.id });
  });

  it('on the embedded database (one process) registers and clears up at start, then writes nothing on a timer', async () => {
    const id = newProcessId();
    const registry = createProcessRegistry({
      db: database.db,
      id,
      role: 'all',
      log: silentLog,
      ...TIMING,
      othersAreGone: true,
      localKey: null,
      onDead: async () => undefined,
    });
    await registry.start();
    started.push(registry);
    const seen = async () =>
      (await execute<{ seen_at: string }>(database.db, sql`select seen_at::text from server_processes where id = ${id}`))[0]?.seen_at;
    const first = await seen();
    expect(first).toBeDefined();
    await sleep(TIMING.beatMs * 5);
    expect(await seen()).toBe(first);
  });
});
