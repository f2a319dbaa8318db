import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

export const cleanupJob = declareJob({
  type: 'maintenance.cleanup',
  payload: z.object({}),
});

export type MaintenanceJobsDeps = {
  database: Pick<Database, 'db' | 'kind'>;
  /**
   * Each owner's removal of what expired (sessions, codes, login attempts, stale rate-limit windows,
   * old finished jobs), run in order by the hourly cleanup.
   */
  removeExpired: (() => Promise<void>)[];
};

export function createMaintenanceJobs({ database, removeExpired }: MaintenanceJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(cleanupJob, async () => {
      for (const remove of removeExpired) await remove();
      // PGlite runs no autovacuum: without this, planner statistics go stale and index-only
      // scans (the deals totals) fall back to reading the table as data changes.
      if (database.kind === 'pglite') await database.db.execute(sql`vacuum (analyze)`);
    }),
  ];
  return { handlers, schedule: [{ job: cleanupJob, everyMs: 60 * 60_000 }] };
}
