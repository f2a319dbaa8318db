import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

/**
 * A workspace's HubSpot pull: the full import the first time (list endpoints with paging cursors,
 * so it is complete beyond the search cap), incremental afterwards. 429 and 5xx are retried inside
 * the client; what still fails throws and the queue retries the job with backoff.
 */
export const hubspotSyncJob = declareJob({
  type: 'hubspot.sync',
  payload: z.object({ organizationId: z.uuid(), full: z.boolean().default(false) }),
  maxAttempts: 5,
  leaseMs: 5 * 60_000,
});

/** At most one sync per workspace queued or running. */
export const hubspotSyncKey = (organizationId: string) => `hubspot:${organizationId}`;

/** Every minute: a sync for each bound workspace last synced more than HUBSPOT_SYNC_MINUTES ago. */
export const hubspotSyncDueJob = declareJob({ type: 'hubspot.sync-due', payload: z.object({}) });

/** One record a webhook delivery named: read it from HubSpot and write it here, or remove it here. */
export const ZHubspotChange = z.object({
  type: z.enum(['deals', 'companies', 'contacts']),
  id: z.string().regex(/^\d{1,20}$/),
  action: z.enum(['upsert', 'delete']),
});
export type THubspotChange = z.output<typeof ZHubspotChange>;

/** What one webhook delivery changed in a workspace's portal (HubSpot sends up to 100 events a delivery). */
export const hubspotWebhookJob = declareJob({
  type: 'hubspot.webhook',
  payload: z.object({ organizationId: z.uuid(), changes: z.array(ZHubspotChange).min(1).max(1000) }),
  maxAttempts: 5,
  leaseMs: 2 * 60_000,
});

/** Handled webhook event ids are kept this long: HubSpot retries a delivery for a day at most. */
export const WEBHOOK_EVENTS_KEPT_MS = 3 * 24 * 3_600_000;

export type HubspotJobsDeps = {
  sync(organizationId: string, options: { full: boolean; signal: AbortSignal; lastAttempt: boolean }): Promise<void>;
  apply(organizationId: string, changes: THubspotChange[], options: { signal: AbortSignal }): Promise<void>;
  dueForSync(before: Date): Promise<string[]>;
  forgetWebhookEvents(before: Date): Promise<void>;
  queue: Pick<JobQueue, 'enqueue'>;
  syncMinutes: number;
};

export function createHubspotJobs(deps: HubspotJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(hubspotSyncJob, async ({ organizationId, full }, { signal, job }) => {
      await deps.sync(organizationId, { full, signal, lastAttempt: job.lastAttempt });
    }),
    handleJob(hubspotWebhookJob, async ({ organizationId, changes }, { signal }) => {
      await deps.apply(organizationId, changes, { signal });
    }),
    handleJob(hubspotSyncDueJob, async () => {
      const before = new Date(Date.now() - deps.syncMinutes * 60_000);
      for (const organizationId of await deps.dueForSync(before)) {
        await deps.queue.enqueue(hubspotSyncJob, { organizationId, full: false }, { dedupeKey: hubspotSyncKey(organizationId) });
      }
      await deps.forgetWebhookEvents(new Date(Date.now() - WEBHOOK_EVENTS_KEPT_MS));
    }),
  ];
  return { handlers, schedule: [{ job: hubspotSyncDueJob, everyMs: 60_000 }] };
}
