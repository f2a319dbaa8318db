import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { redactConnectionString } from '../lib/redact';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type ListenerStatus = 'up' | 'down';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Runs `fn` while holding a database-wide lock, so concurrent starts migrate once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel` and calls `onMessage` with each NOTIFY payload. `onStatus` hears 'up' once
   * listening and 'down' whenever notifications may have been missed (connection lost or never made);
   * a lost PostgreSQL listener reconnects with backoff and reports 'up' again. Resolves, never rejects,
   * once the first attempt has succeeded or failed, with a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onStatus?: (status: ListenerStatus) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withStartupLock: (fn) => fn(),
    // One process owns a PGlite database, and it delivers a write's notifications before the write's
    // query returns: nothing to reconnect, nothing missed while it is open.
    listen: async (channel, onMessage, onStatus) => {
      let unlisten: () => Promise<void>;
      try {
        unlisten = await client.listen(channel, onMessage);
      } catch {
        onStatus?.('down');
        return async () => undefined;
      }
      onStatus?.('up');
      return async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Every PGlite instance (files, memory, test snapshots) loads the same extensions the migrations use. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export async function openPglite(dataDir: string): Promise<Database> {
  return pgliteDatabase(await createPglite({ dataDir: path.join(dataDir, 'pglite') }));
}

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
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    withStartupLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7260431)');
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(7260431)').catch(() => undefined);
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

const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * A dedicated connection (not from the pool: a pooled client would be handed to queries) that runs
 * LISTEN and reconnects with exponential backoff after any error or disconnect.
 */
function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onStatus: ((status: ListenerStatus) => void) | undefined,
): { firstAttempt: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let reported: ListenerStatus | undefined;
  const report = (status: ListenerStatus) => {
    if (stopped || reported === status) return;
    reported = status;
    onStatus?.(status);
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      report('down');
      if (stopped) return;
      const delay = Math.min(LISTEN_RETRY_MIN_MS * 2 ** failures, LISTEN_RETRY_MAX_MS);
      failures++;
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return;
    failures = 0;
    report('up');
  };

  return {
    firstAttempt: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
