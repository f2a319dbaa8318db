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

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Runs `fn` while holding a database-wide lock, so concurrent starts migrate once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
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
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
