import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import { cacheStatements } from './pglite-statements';
import * as schema from './schema';

/** A Database over an open PGlite instance (a data dir, memory or a test snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  cacheStatements(client);
  const db = drizzle(client, { schema }) as unknown as Db;
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
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } });
}

export async function openPglite(dataDir: string): Promise<Database> {
  return pgliteDatabase(await createPglite({ dataDir: path.join(dataDir, 'pglite') }));
}
