import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/pglite-driver';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { presetPgliteDataDir, useSpawnedServers } from '../test/server-process';
import { sleep, waitFor } from '../test/wait';
import { execute } from './db/client';

const { start, tempDir } = useSpawnedServers('pipewise-main-');
/** Spawned servers start PGlite from scratch; on a busy 2-core machine that can take a while. */
const PROCESS_TEST_TIMEOUT = 90_000;

/** Sends a request's head and the first part of its body now; `finish()` sends the rest and reads the answer. */
function startSlowRequest(port: number, body: string, headers: Record<string, string>) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const head = [
    'POST /api/nothing-here HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  const half = Math.floor(body.length / 2);
  socket.write(head + body.slice(0, half));
  return {
    response: () => response,
    async finish(): Promise<string> {
      socket.write(body.slice(half));
      await Promise.race([closed, waitFor(() => response.includes('\r\n\r\n{'), { what: 'the response' })]);
      return response;
    },
  };
}

describe('process start-up and shutdown', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('stops on a bad DATABASE_URL with a message naming it', async () => {
    const invalid = await start({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://root:hunter2@db/pipewise' });
    expect(await invalid.exit).toBe(1);
    expect(invalid.output()).toMatch(/Pipewise could not start:\s+Invalid configuration:\s+DATABASE_URL: must be a URL like postgres:/);
    expect(invalid.output()).not.toContain('hunter2');

    const unreachable = await start({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://pw:hunter2@127.0.0.1:1/pipewise' });
    expect(await unreachable.exit).toBe(1);
    expect(unreachable.output()).toContain('Cannot connect to PostgreSQL at DATABASE_URL (postgres://pw:****@127.0.0.1:1/pipewise)');
    expect(unreachable.output()).not.toContain('hunter2');
  });

  it('on SIGTERM finishes the request in flight, releases the lock and exits 0; DEMO_SEED=0 stays empty', async () => {
    const dataDir = tempDir();
    presetPgliteDataDir(dataDir);
    // LOG_LEVEL=info: the request log shows when each request has reached the server.
    const server = await start({ DATA_DIR: dataDir, DEMO_SEED: '0', LOG_LEVEL: 'info' });
    await server.waitUntilHealthy();
    expect(fs.existsSync(path.join(dataDir, 'pipewise.lock'))).toBe(true);

    // A browser's CSRF cookies (a pre-session id and the token signed for it), so the write passes.
    const visit = await fetch(`${server.baseUrl}/api/health`);
    const cookies = visit.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
    const health = fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'in-flight-health' } });
    const slow = startSlowRequest(server.port, JSON.stringify({ note: 'x'.repeat(2000) }), {
      Cookie: cookies.join('; '),
      'X-CSRF-Token': csrf,
      'X-Request-Id': 'in-flight-slow',
    });
    await waitFor(() => server.output().includes('"reqId":"in-flight-health"') && server.output().includes('"reqId":"in-flight-slow"'), {
      what: 'both requests to reach the server',
    });
    server.child.kill('SIGTERM');
    expect((await health).status).toBe(200);
    await sleep(500);
    expect(server.exited()).toBe(false); // still waiting for the rest of the slow request's body
    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('{"detail":"Not found: POST /api/nothing-here"}');

    // The answer closes its keep-alive connection, so the process need not wait for the client.
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    const finishedAt = Date.now();
    expect(await server.exit).toBe(0);
    expect(Date.now() - finishedAt).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, 'pipewise.lock'))).toBe(false);
    // A new request is refused once it is gone.
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();

    const database = await openPglite(dataDir);
    try {
      const rows = await execute<{ users: number; orgs: number }>(
        database.db,
        sql`
        select (select count(*) from users)::int as users, (select count(*) from organizations)::int as orgs`,
      );
      expect(rows[0]).toEqual({ users: 0, orgs: 0 });
    } finally {
      await database.close();
    }
  });
});

// The server's PGlite belongs to its process; on PostgreSQL the test can hold a job mid-run from outside.
describe.runIf(process.env.TEST_DATABASE_URL)('SIGTERM with a job running (PostgreSQL run)', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('waits for the job in flight to finish before exiting', async () => {
    // Hold a lock the maintenance job needs, so the job the worker queues at start blocks mid-run.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table sessions in access exclusive mode');
      const server = await start({ DATA_DIR: tempDir(), DATABASE_URL: database.url!, DEMO_SEED: '0', JOB_POLL_MS: '50' });
      await server.waitUntilHealthy();
      const cleanup = async () => {
        const rows = await execute<{ status: string }>(database.db, sql`select status from jobs where type = 'maintenance.cleanup'`);
        return rows.map((r) => r.status);
      };
      await waitFor(async () => (await cleanup()).includes('running'), { what: 'the worker to start the cleanup job' });

      server.child.kill('SIGTERM');
      await sleep(700);
      expect(server.exited()).toBe(false);
      expect(await cleanup()).toEqual(['running']);

      await blocker.query('commit');
      expect(await server.exit).toBe(0);
      expect(await cleanup()).toEqual(['done']);
    } finally {
      await blocker.end();
    }
  });
});
