import { loadConfig } from '../config';
import { runMigrations } from './migrate';
import { openConfiguredDatabase } from './open-from-config';

// `npm run db:migrate`: applies pending migrations and exits (the server also does this at start).
const { database, release } = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
  release();
}
