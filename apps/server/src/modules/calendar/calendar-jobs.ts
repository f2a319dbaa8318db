import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { RecurringJob } from '../../jobs/recurring-jobs';

/**
 * One user's calendar sync. 429 and 5xx from Google throw, so the queue retries with backoff; a
 * revoked grant ends quietly with the connection marked broken.
 */
export const calendarSyncJob = defineJob({
  type: 'calendar.sync',
  payload: z.object({ userId: z.uuid() }),
  maxAttempts: 6,
  run: async ({ userId }, { services, signal, log }) => {
    const outcome = await services.calendarSync.syncUser(userId, signal);
    if (outcome === 'broken') log.warn('calendar sync: Google refused the grant; the connection is marked broken');
  },
});

/** The sync key: at most one sync per user queued or running. */
export const calendarSyncKey = (userId: string) => `calendar:${userId}`;

/**
 * Runs every minute and queues a sync for each connection last synced more than
 * CALENDAR_SYNC_MINUTES ago, so the setting needs no change to the worker's schedule.
 */
export const calendarSyncDueJob = defineJob({
  type: 'calendar.sync-due',
  payload: z.object({}),
  run: async (_payload, { services }) => {
    const before = new Date(Date.now() - services.config.calendarSyncMinutes * 60_000);
    for (const userId of await services.googleConnections.dueForSync(before)) {
      await services.queue.enqueue(calendarSyncJob, { userId }, { dedupeKey: calendarSyncKey(userId) });
    }
  },
});

export const CALENDAR_SCHEDULE: RecurringJob[] = [{ job: calendarSyncDueJob, everyMs: 60_000 }];
