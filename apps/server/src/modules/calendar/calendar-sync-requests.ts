import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { calendarSyncJob, calendarSyncKey } from './calendar-jobs';

/** A user's calendar sync on request (Sync now, a new connection), and whether one is under way. */
export function createCalendarSyncRequests(db: DbOrTx, queue: Pick<JobQueue, 'enqueue' | 'runNow'>) {
  const mine = (userId: string) => and(eq(jobs.type, calendarSyncJob.type), eq(jobs.dedupeKey, calendarSyncKey(userId)));
  return {
    /**
     * Queues the user's sync to run now. One is queued or running per user at most: a queued one
     * waiting out a retry's backoff is moved to now instead, and a running one is left to finish.
     */
    async request(userId: string): Promise<void> {
      const id = await queue.enqueue(calendarSyncJob, { userId }, { dedupeKey: calendarSyncKey(userId) });
      if (id === null) await queue.runNow(calendarSyncJob, calendarSyncKey(userId));
    },

    /** A sync is running, or queued and due (one waiting out a retry's backoff is not under way). */
    async pending(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(mine(userId), sql`(${jobs.status} = 'running' or (${jobs.status} = 'queued' and ${jobs.runAt} <= now()))`))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type CalendarSyncRequests = ReturnType<typeof createCalendarSyncRequests>;
