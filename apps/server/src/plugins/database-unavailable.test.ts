import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay';
import { testDatabaseUrl } from '../../test/test-paths';
import { testJob } from '../../test/jobs-fixture';
import { signIn } from '../../test/sessions';
import { silentLog } from '../../test/silent-log';
import { expectUnavailable } from '../../test/unavailable';
import { waitFor } from '../../test/wait';
import { execute, type Database } from '../db/client';
import { openPostgres } from '../db/postgres-driver';
import { createJobQueue } from '../jobs/job-queue';
import { createJobRunner, createWorker } from '../jobs/worker';
import { isDatabaseUnavailable, markFromDatabase } from '../lib/db-errors';
import { PUBLIC_ROUTE } from './session';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('a database that is down or restarting', () => {
  let t: TestApp;
  const thrown: Record<string, () => Error> = {
    restart: () => failedQuery(serverError('57P01', 'terminating connection due to administrator command')),
    starting: () => failedQuery(serverError('57P03', 'the database system is starting up')),
    refused: () => failedQuery(socketError('ECONNREFUSED')),
    terminated: () => failedQuery(new Error('Connection terminated unexpectedly')),
    poolTimeout: () => new Error('timeout exceeded when trying to connect'),
    // No answer in time: a network partition or a hung server (the connection stays open and silent).
    queryTimeout: () => failedQuery(new Error('Query read timeout')),
    connectTimeout: () => markFromDatabase(new Error('Connection terminated due to connection timeout')),
    transactionStart: () => markFromDatabase(socketError('ECONNREFUSED')),
    // Not the database: another service refusing a call, and a query the database refused.
    otherService: () => new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }),
    duplicate: () => failedQuery(serverError('23505', 'duplicate key value violates unique constraint')),
  };
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(async (app) => {
      app.get<{ Params: { kind: string } }>('/api/test/db-failure/:kind', { config: PUBLIC_ROUTE }, async (request) => {
        throw thrown[request.params.kind]!();
      });
    });
  });
  afterAll(() => t.close());

  it('answers 503 with a {detail} and Retry-After when the database cannot be reached, not 500', async () => {
    for (const kind of [
      'restart',
      'starting',
      'refused',
      'terminated',
      'poolTimeout',
      'queryTimeout',
      'connectTimeout',
      'transactionStart',
    ]) {
      expectUnavailable(await t.app.inject({ method: 'GET', url: `/api/test/db-failure/${kind}`, headers: csrfHeaders }), kind);
    }
  });

  it('keeps other failures at 500: a refused call to another service, a query the database refused', async () => {
    for (const kind of ['otherService', 'duplicate']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/db-failure/${kind}`, headers: csrfHeaders });
      expect(res.statusCode, kind).toBe(500);
      expect(res.json(), kind).toEqual({ detail: 'Internal server error' });
    }
  });
});

describe.runIf(testDatabaseUrl())('the API while its PostgreSQL server goes away and comes back (PostgreSQL run)', () => {
  let test: TestDatabase;
  let relay: TcpRelay;
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    test = await createTestDatabase();
    relay = await startTcpRelay(new URL(test.url!));
    database = await openPostgres(relay.url(), 4);
    t = await createTestApp({ database, seed: true });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await relay?.down();
    await test?.close();
  });

  it('answers 503 {detail} at once while it is down, then serves the same session again by itself', async () => {
    const rep = await signIn(database.db, 'rahul@acme.example');
    const list = () => t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy', headers: rep.headers });
    expect((await list()).statusCode).toBe(200);

    await relay.down();
    const started = Date.now();
    expectUnavailable(await list());
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await relay.up();
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json<{ total: number }>().total).toBeGreaterThan(0);
  });

  it('survives the server ending a connection in the middle of a transaction, and the pool carries on', async () => {
    const admin = await openPostgres(test.url!, 1);
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const [me] = await execute<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          // As a fast shutdown does (57P01), while the transaction waits between two queries.
          await execute(admin.db, sql`select pg_terminate_backend(${me!.pid})`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await execute(tx, sql`select 1`);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The broken connection went back to the pool and was dropped: every new query gets a live one.
      for (let i = 0; i < 6; i++) expect(await execute<{ n: number }>(database.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
    } finally {
      await admin.close();
    }
  });

  it('keeps the job worker polling through the outage: a job queued while the database was away runs once it is back', async () => {
    const queue = createJobQueue(database.db);
    const ran: string[] = [];
    const job = testJob('test.after-outage', async (payload) => void ran.push((payload as { n: string }).n));
    const worker = createWorker(createJobRunner({ queue, jobs: [job], log: silentLog }), silentLog, { pollMs: 50, concurrency: 1 });
    worker.start();
    try {
      await relay.down();
      // Polls fail meanwhile (each claim is refused); the loop must outlive them.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Queued straight into the database, as another process would while this one cannot reach it.
      const direct = await openPostgres(test.url!, 1);
      await createJobQueue(direct.db).enqueue(job, { n: 'queued during the outage' });
      await direct.close();
      expect(ran).toEqual([]);
      await relay.up();
      await waitFor(() => ran.length > 0, { timeoutMs: 10_000 });
      expect(ran).toEqual(['queued during the outage']);
    } finally {
      await relay.up();
      await worker.stop();
    }
  });

  it('gives back a connection whose BEGIN failed, so the pool is not left a connection short', async () => {
    const own = await startTcpRelay(new URL(test.url!));
    const single = await openPostgres(own.url(), 1);
    try {
      await execute(single.db, sql`select 1`);
      // The pool's only connection, idle, loses its server as the transaction's BEGIN goes out.
      own.cutOnNextMessage();
      const failure = await single.db
        .transaction(async (tx) => void (await execute(tx, sql`select 1`)))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // It used to stay taken: this query then waited 5 s for a connection and failed ("timeout exceeded when trying to connect").
      expect(await execute<{ n: number }>(single.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
    } finally {
      await Promise.race([single.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
      await own.down();
    }
  });
});
