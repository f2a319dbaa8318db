import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import type { ModuleJobs } from '../../jobs/recurring-jobs';
import type { CalendarSync } from './calendar-sync-service';

/**
 * One user's calendar sync. 429 and 5xx from Google throw, so the queue retries with backoff; a
 * revoked grant ends quietly with the connection marked broken.
 */
export const calendarSyncJob = declareJob({
  type: 'calendar.sync',
  payload: z.object({ userId: z.uuid() }),
  maxAttempts: 6,
});

/** The sync key: at most one sync per user queued or running. */
export const calendarSyncKey = (userId: string) => `calendar:${userId}`;

/**
 * Runs every minute and queues a sync for each connection last synced more than
 * CALENDAR_SYNC_MINUTES ago, so the setting needs no change to the worker's schedule.
 */
export const calendarSyncDueJob = declareJob({
  type: 'calendar.sync-due',
  payload: z.object({}),
});

export type CalendarJobsDeps = {
  calendarSync: Pick<CalendarSync, 'syncUser'>;
  /** The users whose connection last synced before the given time. */
  dueForSync(before: Date): Promise<string[]>;
  queue: Pick<JobQueue, 'enqueue'>;
  calendarSyncMinutes: number;
};

export function createCalendarJobs(deps: CalendarJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(calendarSyncJob, async ({ userId }, { signal, log }) => {
      const outcome = await deps.calendarSync.syncUser(userId, signal);
      if (outcome === 'broken') log.warn('calendar sync: Google refused the grant; the connection is marked broken');
    }),
    handleJob(calendarSyncDueJob, async () => {
      const before = new Date(Date.now() - deps.calendarSyncMinutes * 60_000);
      for (const userId of await deps.dueForSync(before)) {
        await deps.queue.enqueue(calendarSyncJob, { userId }, { dedupeKey: calendarSyncKey(userId) });
      }
    }),
  ];
  return { handlers, schedule: [{ job: calendarSyncDueJob, everyMs: 60_000 }] };
}
