import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { markFromDatabase } from '../lib/db-errors';
import { redactConnectionString } from '../lib/redact';
import { DatabaseStartError, type Database, type Db } from './client';
import { listenPostgres } from './postgres-listener';
import * as schema from './schema';

/** Any number of processes may start at once: the first to take this lock migrates. */
const STARTUP_LOCK = 7260431;

const isBegin = (query: unknown) =>
  /^\s*begin\b/i.test(typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''));

/**
 * A client taken for a transaction. Drizzle's transaction() sends BEGIN before the try/finally that gives
 * the client back: when BEGIN fails (the server went away, or is restarting), the client was never given
 * back and the pool stayed a connection short for good; after a few restarts every query waited for a
 * connection that never came. Here a failed BEGIN gives the client back as broken (the pool drops it),
 * and a second release of the same checkout is ignored.
 */
function givenBackWhenBeginFails(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release(err);
  };
  // Set on every checkout (the client object is reused), so wrappers never pile up.
  client.query = ((...args: Parameters<pg.PoolClient['query']>) => {
    const result = (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
    if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
    return result.catch((e: unknown) => {
      client.release(e instanceof Error ? e : true);
      throw e;
    });
  }) as pg.PoolClient['query'];
  return client;
}

/** A pool of `poolSize` connections to `url`; fails with a DatabaseStartError (password hidden) when unreachable. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool drops it, and the next query reconnects and reports errors itself.
  });
  pool.on('connect', (client) => {
    // A client taken from the pool (a transaction) whose server goes away between two queries emits
    // 'error' with no listener of the pool's: unheard, it would end the process. Its next query fails
    // instead, and the pool drops it when it comes back, as it does with any client that cannot query.
    client.on('error', () => undefined);
  });
  // Failing to take a connection (the server down or restarting) is the database's error, told apart from
  // the same socket error of a call to another service (see isDatabaseUnavailable). Query errors come
  // wrapped by Drizzle, which says so already.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback
      ? connect((err, client, done) => callback(err ? markFromDatabase(err) : err, client, done))
      : connect().then(givenBackWhenBeginFails, (e: unknown) => Promise.reject(markFromDatabase(e)))) as typeof pool.connect;
  try {
    await pool.query('select 1');
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new DatabaseStartError(
      `Cannot connect to PostgreSQL at DATABASE_URL (${redactConnectionString(url)}): ${(e as Error).message || String(e)}`,
    );
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    withStartupLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
        return await fn();
      } finally {
        await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => undefined);
        client.release();
      }
    },
    listen: async (channel, onMessage, onStatus) => {
      const listener = listenPostgres(url, channel, onMessage, onStatus);
      const stop = async () => {
        listeners.delete(stop);
        await listener.stop();
      };
      listeners.add(stop);
      await listener.firstAttempt;
      return stop;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
