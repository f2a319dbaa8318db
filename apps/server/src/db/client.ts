import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * What the app sees of a database, whichever driver opened it (pglite-driver.ts or
 * postgres-driver.ts). Both drivers answer a raw query with `{ rows }`, which this result type
 * says, so `execute<T>()` needs no cast at its call sites.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
type RowsResult<T> = { rows: T[] };

export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Tx = PgTransaction<RowsResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Where a repository runs its queries: the database, or a transaction a service opened. */
export type DbOrTx = Db | Tx;

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

/** Runs a raw SQL query and returns its rows, typed as the query's select list says. */
export async function execute<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(query)).rows;
}
