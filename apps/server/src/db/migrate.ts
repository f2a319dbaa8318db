import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies pending migrations; safe to call from several processes at once. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  await database.withStartupLock(async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as never, { migrationsFolder });
    } else {
      await migratePg(database.db as never, { migrationsFolder });
    }
  });
}
