import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-from-config';
import { seedDemo } from './seed';

// `npm run db:seed`: adds the demo workspace if it is not there yet.
const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database);
  const { seeded } = await database.withStartupLock(() => seedDemo(database.db));
  console.log(seeded ? 'Seeded the demo workspace (Acme Sales).' : 'The demo workspace is already there.');
} finally {
  await database.close();
  release();
}
