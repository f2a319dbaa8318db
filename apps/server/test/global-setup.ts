import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createPglite, pgliteDatabase } from '../src/db/pglite-driver';
import { openPostgres } from '../src/db/postgres-driver';
import { adminQuery, dropDatabase } from './pg-admin';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate';
import {
  PG_TEMPLATE_DB,
  PG_TEST_DB_PREFIX,
  PGLITE_SNAPSHOT,
  PGLITE_SNAPSHOT_KEY,
  TEST_TMP,
  testDatabaseUrl,
  withDatabase,
} from './test-paths';

/**
 * Runs once per `vitest --project server`: migrates one database that every test database is
 * copied from, so no test file pays for initdb or migrations.
 * - PGlite (default): a data-dir dump in .tmp/test, rebuilt only when the migrations change.
 * - PostgreSQL (TEST_DATABASE_URL set): a template database on that server.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = testDatabaseUrl();
  if (url) {
    await createTemplateDatabase(url);
    return () => dropLeftoverDatabases(url);
  }
  await ensurePgliteSnapshot();
  return undefined;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Changes whenever a migration file or the PGlite version (its data-dir format) changes. */
function snapshotKey(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of filesUnder(MIGRATIONS_DIR)) {
    hash.update(path.relative(MIGRATIONS_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

async function ensurePgliteSnapshot(): Promise<void> {
  const key = snapshotKey();
  const current =
    fs.existsSync(PGLITE_SNAPSHOT) && fs.existsSync(PGLITE_SNAPSHOT_KEY) ? fs.readFileSync(PGLITE_SNAPSHOT_KEY, 'utf8').trim() : '';
  if (current === key) return;

  const client = await createPglite();
  try {
    await runMigrations(pgliteDatabase(client));
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(TEST_TMP, { recursive: true });
    // Write then rename, so a concurrent run never reads half a file.
    const tmp = `${PGLITE_SNAPSHOT}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, PGLITE_SNAPSHOT);
    fs.writeFileSync(`${PGLITE_SNAPSHOT_KEY}.${process.pid}.tmp`, `${key}\n`);
    fs.renameSync(`${PGLITE_SNAPSHOT_KEY}.${process.pid}.tmp`, PGLITE_SNAPSHOT_KEY);
  } finally {
    await client.close();
  }
}

async function createTemplateDatabase(url: string): Promise<void> {
  await dropDatabase(url, PG_TEMPLATE_DB);
  await adminQuery(url, `create database ${PG_TEMPLATE_DB}`);
  // Two connections: withStartupLock holds one while the migrations use the other.
  const database = await openPostgres(withDatabase(url, PG_TEMPLATE_DB), 2);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  // What docs/configuration.md asks a PostgreSQL operator to run as a superuser once migrated (the
  // migrating role does not own pg_trgm's functions there, so migration 0023 cannot set it).
  const superuser = process.env.TEST_DATABASE_SUPERUSER_URL;
  if (superuser) {
    await adminQuery(
      withDatabase(superuser, PG_TEMPLATE_DB),
      'ALTER FUNCTION word_similarity_op(text, text) COST 100; ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;',
    );
  }
}

async function dropLeftoverDatabases(url: string): Promise<void> {
  const { rows } = await adminQuery(
    url,
    `select datname from pg_database where datname like '${PG_TEST_DB_PREFIX.replaceAll('_', '\\_')}%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    await dropDatabase(url, datname);
  }
}
