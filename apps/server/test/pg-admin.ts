import pg from 'pg';

/** One statement on the PostgreSQL test server, over a connection of its own. */
export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** adminQuery, tried again for up to 30 s while it fails with `code` (an autovacuum worker in the way). */
async function adminQueryWhileBusy(url: string, text: string, code: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await adminQuery(url, text);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== code || Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Drops a test database and whatever is still connected to it. `with (force)` refuses (42501)
 * while an autovacuum worker is on the database, unless the role is in pg_signal_backend
 * (scripts/test-postgres.sh grants it on its throwaway cluster); elsewhere the drop waits for it.
 */
export const dropDatabase = (url: string, name: string) =>
  adminQueryWhileBusy(url, `drop database if exists "${name}" with (force)`, '42501');

/** A new database copied from `template`, waiting (55006) while something else is on the template. */
export const createDatabaseFrom = (url: string, name: string, template: string) =>
  adminQueryWhileBusy(url, `create database "${name}" template "${template}"`, '55006');
