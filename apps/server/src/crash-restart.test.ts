import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/pglite-driver';
import { execute } from './db/client';
import { filesUnder } from '../test/recordings-kit';
import { presetPgliteDataDir, useSpawnedServers } from '../test/server-process';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { testDatabaseUrl } from '../test/test-paths';
import { waitFor } from '../test/wait';

const { start, tempDir } = useSpawnedServers('pipewise-crash-');
/** A spawned server on a busy 2-core machine can take a while to open PGlite. */
const PROCESS_TEST_TIMEOUT = 90_000;

/**
 * What a server killed with SIGKILL leaves in its DATA_DIR: an upload cut short while its bytes
 * were written (a temporary part file), one whose bytes were stored but whose row was never
 * written, a recording that was filed (its file must stay), and a mail job its worker was running,
 * held by a lease that lasts an hour more. Both as a server from before process ids left them, and
 * stamped with the id of the killed process, whose heartbeat row is a moment old.
 */
async function leftByAKilledServer(dataDir: string) {
  presetPgliteDataDir(dataDir);
  const uploads = path.join(dataDir, 'uploads');
  const put = (key: string) => {
    fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
    fs.writeFileSync(path.join(uploads, key), Buffer.alloc(1024, 7));
  };
  const filed = `recordings/${randomUUID()}/media`;
  const cutShort = `recordings/${randomUUID()}/media.${randomUUID()}.part`;
  const unfiled = `recordings/${randomUUID()}/media`;
  const killed = randomUUID().replace(/-/g, '');
  const stampedCutShort = `recordings/${randomUUID()}/media-${killed}.w-${killed}.${randomUUID()}.part`;
  const stampedUnfiled = `recordings/${randomUUID()}/media-${killed}`;
  for (const key of [filed, cutShort, unfiled, stampedCutShort, stampedUnfiled]) put(key);

  const database = await openPglite(dataDir);
  try {
    const [org] = await execute<{ id: string }>(
      database.db,
      sql`insert into organizations (name, domain) values ('Crashed Co', 'crashed.example') returning id`,
    );
    await database.db.execute(sql`
      insert into recordings (organization_id, uploader_email, title, upload_type, storage_key, media_type, size_bytes, status)
      values (${org!.id}, 'rep@crashed.example', 'Filed call', 'file', ${filed}, 'video/mp4', 1024, 'ready')`);
    const message = { to: 'rep@crashed.example', subject: 'Approved', text: 'Your workspace is ready.', html: '<p>Ready.</p>' };
    await database.db.execute(sql`
      insert into jobs (type, payload, status, attempts, max_attempts, locked_by, locked_until, run_at)
      values ('mail.send', ${JSON.stringify(message)}::jsonb, 'running', 1, 5, 'killed-worker', now() + interval '1 hour', now())`);
    const stamped = { ...message, text: 'Your report is ready.', html: '<p>Report.</p>' };
    await database.db.execute(sql`
      insert into server_processes (id, role, host, pid, local_key) values (${killed}, 'all', 'elsewhere', 1, null)`);
    await database.db.execute(sql`
      insert into jobs (type, payload, status, attempts, max_attempts, locked_by, locked_until, run_at)
      values ('mail.send', ${JSON.stringify(stamped)}::jsonb, 'running', 1, 5, ${killed}, now() + interval '1 hour', now())`);
  } finally {
    await database.close();
  }
  return { uploads, filed, cutShort, unfiled };
}

describe('restart after the server was killed (embedded database)', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('removes the files of uploads cut short before it answers, keeps filed ones, and runs the killed job at once', async () => {
    const dataDir = tempDir();
    const left = await leftByAKilledServer(dataDir);

    const server = await start({ DATA_DIR: dataDir, DEMO_SEED: '0', JOB_POLL_MS: '50' });
    await server.waitUntilHealthy();

    // By its first answer: no temporary file, no stored file without its recording; the filed one stays.
    expect(filesUnder(left.uploads).map((f) => f.split(path.sep).join('/'))).toEqual([left.filed]);
    // The mail the killed worker was sending goes out now, not once its hour-long lease has run out.
    const outbox = path.join(dataDir, 'outbox');
    const mailed = (text: string) => () => filesUnder(outbox).some((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(text));
    await waitFor(mailed('Your workspace is ready.'), { timeoutMs: 30_000, what: 'the mail' });
    await waitFor(mailed('Your report is ready.'), { timeoutMs: 30_000, what: 'the mail of the process with an id' });
  });
});

describe.runIf(testDatabaseUrl())(
  'restart after a server on PostgreSQL was killed (PostgreSQL run)',
  { timeout: 2 * PROCESS_TEST_TIMEOUT },
  () => {
    // Closed after the file's spawned servers are killed (after each test), which hold connections to it.
    let database: TestDatabase;
    beforeAll(async () => void (database = await createTestDatabase()));
    afterAll(() => database?.close());

    it('removes the files the killed process left and runs its job at once, however long their lease', async () => {
      const dataDir = tempDir();
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, DEMO_SEED: '0', JOB_POLL_MS: '50' };
      const first = await start(env);
      await first.waitUntilHealthy();
      const [row] = await execute<{ id: string }>(database.db, sql`select id from server_processes`);
      const killed = row!.id;
      // What the first process is in the middle of when it is killed: an upload's part file, media whose
      // recording is not written yet, and a mail job it holds for an hour.
      const uploads = path.join(dataDir, 'uploads');
      const cutShort = `recordings/${randomUUID()}/media-${killed}.w-${killed}.${randomUUID()}.part`;
      const unfiled = `recordings/${randomUUID()}/media-${killed}`;
      for (const key of [cutShort, unfiled]) {
        fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
        fs.writeFileSync(path.join(uploads, key), Buffer.alloc(1024, 7));
      }
      const message = { to: 'rep@crashed.example', subject: 'Report', text: 'Your pipeline report is ready.', html: '<p>Ready.</p>' };
      await database.db.execute(sql`
      insert into jobs (type, payload, status, attempts, max_attempts, locked_by, locked_until, run_at)
      values ('mail.send', ${JSON.stringify(message)}::jsonb, 'running', 1, 5, ${killed}, now() + interval '1 hour', now())`);
      await first.kill();

      const second = await start(env);
      await second.waitUntilHealthy();
      // By its first answer the restarted process found the killed one (its pid is gone) and removed its files.
      expect(filesUnder(uploads)).toEqual([]);
      const outbox = path.join(dataDir, 'outbox');
      const mailed = () => filesUnder(outbox).some((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes('pipeline report'));
      await waitFor(mailed, { timeoutMs: 30_000, what: 'the mail the killed process held' });
      const rows = await execute<{ id: string }>(database.db, sql`select id from server_processes`);
      expect(rows.map((r) => r.id)).not.toContain(killed);
      expect(rows).toHaveLength(1);
    });
  },
);
