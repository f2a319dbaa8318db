import path from 'node:path';

/** Where the server suite keeps what it builds once per run. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const TEST_TMP = path.join(REPO_ROOT, '.tmp/test');
export const PGLITE_SNAPSHOT = path.join(TEST_TMP, 'pglite-snapshot.tgz');
/** Holds the key (migrations hash) the snapshot was built from. */
export const PGLITE_SNAPSHOT_KEY = `${PGLITE_SNAPSHOT}.key`;
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');

/** The migrated database each PostgreSQL test database is copied from. */
export const PG_TEMPLATE_DB = 'pipewise_test_template';
/** Test databases are named pw_<random>; the teardown drops any a test left behind. */
export const PG_TEST_DB_PREFIX = 'pw_';

/** postgres://... of the server to run against, or undefined for PGlite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
