import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { redactConnectionString } from '../lib/redact';
import { DatabaseStartError, type Database, type Db } from './client';
import { listenPostgres } from './postgres-listener';
import * as schema from './schema';

/** Any number of processes may start at once: the first to take this lock migrates. */
const STARTUP_LOCK = 7260431;

/** A pool of `poolSize` connections to `url`; fails with a DatabaseStartError (password hidden) when unreachable. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the next query reconnects and reports errors itself.
  });
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
