import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Database } from '../src/db/client';
import { createPglite, pgliteDatabase } from '../src/db/pglite-driver';
import { openPostgres } from '../src/db/postgres-driver';
import { createDatabaseFrom, dropDatabase } from './pg-admin';
import { PG_TEMPLATE_DB, PG_TEST_DB_PREFIX, PGLITE_SNAPSHOT, testDatabaseUrl, withDatabase } from './test-paths';

export type TestDatabase = Database & {
  /** The database's postgres:// URL on the PostgreSQL run (for a second pool or a spawned server); undefined on PGlite. */
  url: string | undefined;
};

let snapshot: Blob | undefined;

/** The migrated data dir from global-setup, unzipped once per test file (Node's zlib beats PGlite's). */
function pgliteSnapshot(): Blob {
  if (!snapshot) {
    if (!fs.existsSync(PGLITE_SNAPSHOT)) {
      throw new Error(
        `${PGLITE_SNAPSHOT} is missing: run the server tests with \`npx vitest run --project server\` (its globalSetup builds it)`,
      );
    }
    snapshot = new Blob([zlib.gunzipSync(fs.readFileSync(PGLITE_SNAPSHOT))]);
  }
  return snapshot;
}

/**
 * A fresh, migrated, empty database of its own: PGlite in memory from the snapshot, or on the
 * PostgreSQL run (TEST_DATABASE_URL) a new database copied from the template. close() drops it.
 * Seed it with `await seedDemo(database.db)` when a test wants the demo workspace.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    return { ...pgliteDatabase(await createPglite({ loadDataDir: pgliteSnapshot() })), url: undefined };
  }
  const name = `${PG_TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  await createDatabaseFrom(serverUrl, name, PG_TEMPLATE_DB);
  const url = withDatabase(serverUrl, name);
  const database = await openPostgres(url, 4);
  let closing: Promise<void> | undefined;
  return {
    ...database,
    url,
    close: () =>
      (closing ??= (async () => {
        await database.close();
        await dropDatabase(serverUrl, name);
      })()),
  };
}
