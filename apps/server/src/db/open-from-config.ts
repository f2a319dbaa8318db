import type { Config } from '../config';
import type { Database } from './client';
import { openPglite } from './pglite-driver';
import { openPostgres } from './postgres-driver';
import { acquireDataDirLock } from './lock';

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR under its lock. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseTimeouts' | 'dataDir'>,
): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    return { database: await openPostgres(config.databaseUrl, 10, config.databaseTimeouts), release: () => undefined };
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    return { database: await openPglite(config.dataDir), release };
  } catch (e) {
    release();
    throw e;
  }
}
