import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

/** Deletes expired sessions, codes, login attempts, stale rate-limit windows and old finished jobs. */
export async function cleanupExpired(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
  await db.execute(sql`delete from otp_codes where expires_at < now()`);
  await db.execute(sql`delete from oauth_states where expires_at < now()`);
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
}

export const cleanupJob = declareJob({
  type: 'maintenance.cleanup',
  payload: z.object({}),
});

export function createMaintenanceJobs({ database }: { database: Pick<Database, 'db' | 'kind'> }): ModuleJobs {
  const handlers = [
    handleJob(cleanupJob, async () => {
      await cleanupExpired(database.db);
      // PGlite runs no autovacuum: without this, planner statistics go stale and index-only
      // scans (the deals totals) fall back to reading the table as data changes.
      if (database.kind === 'pglite') await database.db.execute(sql`vacuum (analyze)`);
    }),
  ];
  return { handlers, schedule: [{ job: cleanupJob, everyMs: 60 * 60_000 }] };
}
