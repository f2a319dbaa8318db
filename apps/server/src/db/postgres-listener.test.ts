import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-paths';
import { startTcpRelay } from '../../test/tcp-relay';
import { createTestDatabase } from '../../test/test-db';
import { sleep, waitFor } from '../../test/wait';
import { execute, type ListenerStatus } from './client';
import { listenPostgres, listenRetryDelayMs } from './postgres-listener';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP server that counts connections and drops each at once, as a server going down would. */
async function droppingServer(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as net.AddressInfo;
  return { url: `postgres://pipewise:pw@127.0.0.1:${port}/pipewise`, connections: () => connections };
}

describe('PostgreSQL LISTEN loop', () => {
  it('backs off from 250 ms, doubling up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 10].map(listenRetryDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('reports down once when the server drops it, keeps retrying with backoff, and stops retrying when stopped', async () => {
    const server = await droppingServer();
    const statuses: ListenerStatus[] = [];
    const listener = listenPostgres(
      server.url,
      'listener_test',
      () => undefined,
      (s) => statuses.push(s),
    );
    await listener.firstAttempt;
    expect(statuses).toEqual(['down']);
    // Attempts at about 0, 250 and 750 ms.
    await waitFor(() => server.connections() >= 3, { timeoutMs: 5000, what: 'three connection attempts' });
    expect(statuses).toEqual(['down']);
    await listener.stop();
    const attempts = server.connections();
    await sleep(1200);
    expect(server.connections()).toBe(attempts);
  });
});

describe.runIf(testDatabaseUrl())('PostgreSQL LISTEN loop on a server (PostgreSQL run)', () => {
  it('passes on its channel only, and after its connection is killed reports down, reconnects and reports up', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.close());
    const heard: string[] = [];
    const statuses: ListenerStatus[] = [];
    const listener = listenPostgres(
      test.url!,
      'listener_test',
      (p) => heard.push(p),
      (s) => statuses.push(s),
    );
    cleanups.push(() => listener.stop());
    await listener.firstAttempt;
    expect(statuses).toEqual(['up']);
    await test.db.execute(sql`select pg_notify('other_channel', 'ignored'), pg_notify('listener_test', 'one')`);
    await waitFor(() => heard.length === 1, { what: 'the first notification' });
    expect(heard).toEqual(['one']);

    await execute(
      test.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    await waitFor(() => statuses.length === 3, { timeoutMs: 5000, what: 'down, then up again' });
    expect(statuses).toEqual(['up', 'down', 'up']);
    await test.db.execute(sql`select pg_notify('listener_test', 'two')`);
    await waitFor(() => heard.length === 2, { what: 'a notification after the reconnect' });
    expect(heard).toEqual(['one', 'two']);
  });

  it('counts a connection that stops answering without closing (a partition) as lost: down, then up once it answers', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.close());
    const relay = await startTcpRelay(new URL(test.url!));
    cleanups.push(() => relay.down());
    const heard: string[] = [];
    const statuses: ListenerStatus[] = [];
    const listener = listenPostgres(
      relay.url(),
      'listener_test',
      (p) => heard.push(p),
      (s) => statuses.push(s),
      { connectTimeoutMs: 500, checkEveryMs: 200, checkTimeoutMs: 500 },
    );
    cleanups.push(() => listener.stop());
    await listener.firstAttempt;
    expect(statuses).toEqual(['up']);

    relay.stall();
    // Nothing closes: only the check's unanswered query tells.
    await waitFor(() => statuses.length === 2, { timeoutMs: 5000, what: 'down' });
    expect(statuses).toEqual(['up', 'down']);
    relay.resume();
    await waitFor(() => statuses.length === 3, { timeoutMs: 10_000, what: 'up again' });
    expect(statuses).toEqual(['up', 'down', 'up']);
    await test.db.execute(sql`select pg_notify('listener_test', 'after')`);
    await waitFor(() => heard.length === 1, { what: 'a notification after the partition' });
    expect(heard).toEqual(['after']);
  });
});
