import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-paths';
import { createTestDatabase } from '../../test/test-db';
import { waitFor } from '../../test/wait';
import { DatabaseStartError, execute, type ListenerStatus } from './client';
import { openPostgres } from './postgres-driver';

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PostgreSQL driver', () => {
  it('refuses to start with a DatabaseStartError that names the server but hides the password', async () => {
    const port = await closedPort();
    const url = `postgres://pipewise:s3cret-pass@127.0.0.1:${port}/pipewise`;
    const error = await openPostgres(url, 1).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseStartError);
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    expect((error as Error).message).not.toContain('s3cret-pass');
  });
});

describe.runIf(testDatabaseUrl())('PostgreSQL driver on a server (PostgreSQL run)', () => {
  it('answers raw queries with typed rows, pings, and serialises startups under one lock', async () => {
    const test = await createTestDatabase();
    const other = await openPostgres(test.url!, 2);
    try {
      expect(test.kind).toBe('postgres');
      expect(await execute<{ n: number }>(test.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
      await test.ping();
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = test.withStartupLock(async () => {
        order.push('first in');
        await held;
        order.push('first out');
      });
      let second: Promise<void> | undefined;
      try {
        await waitFor(() => order.includes('first in'), { what: 'the first start to hold the lock' });
        // The second start waits in the database for the first to let go of the lock.
        second = other.withStartupLock(async () => void order.push('second'));
        const waiting = async () =>
          (
            await execute<{ n: number }>(
              test.db,
              sql`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
                  where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
            )
          )[0]!.n;
        await waitFor(async () => (await waiting()) === 1, { what: 'the second start to wait for the lock' });
        expect(order).toEqual(['first in']);
      } finally {
        // Released whatever happened above: a start left holding its connection would keep close() waiting.
        release();
      }
      await Promise.all([first, second]);
      expect(order).toEqual(['first in', 'first out', 'second']);
    } finally {
      await other.close();
      await test.close();
    }
  });

  it('hears NOTIFY on its own listener connection, and close() ends the listeners it opened', async () => {
    const test = await createTestDatabase();
    try {
      const heard: string[] = [];
      const statuses: ListenerStatus[] = [];
      await test.listen(
        'driver_test',
        (p) => heard.push(p),
        (s) => statuses.push(s),
      );
      expect(statuses).toEqual(['up']);
      await test.db.execute(sql`select pg_notify('driver_test', 'hello')`);
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['hello']);
      const listening = async () =>
        (
          await execute<{ n: number }>(
            test.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
          )
        )[0]!.n;
      expect(await listening()).toBe(1);
    } finally {
      await test.close();
    }
  });
});
