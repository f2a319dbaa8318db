import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-from-config';

// `npm run db:migrate`: applies pending migrations and exits (the server also does this at start).
const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
  release();
}
