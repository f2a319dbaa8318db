import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

/** Every minute: the morning digests now due (08:00 in each opted-in user's zone), each queued once a day. */
export const whatsappDigestsDueJob = declareJob({ type: 'whatsapp.digests-due', payload: z.object({}) });

/** One user's digest of the day's calls (`day` in their zone), queued with the day's marker. */
export const whatsappDigestJob = declareJob({
  type: 'whatsapp.digest',
  payload: z.object({ userId: z.uuid(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  maxAttempts: 5,
});

/** "Insights ready" for a recording's uploader, queued when its processing finishes. */
export const whatsappInsightsReadyJob = declareJob({
  type: 'whatsapp.insights-ready',
  payload: z.object({ recordingId: z.uuid() }),
  maxAttempts: 5,
});

export type WhatsappNotificationsJobsDeps = {
  queueDueDigests(log: FastifyBaseLogger): Promise<number>;
  sendDigest(userId: string, day: string, log: FastifyBaseLogger): Promise<void>;
  sendInsightsReady(recordingId: string): Promise<void>;
};

export function createWhatsappNotificationsJobs(deps: WhatsappNotificationsJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(whatsappDigestsDueJob, async (_payload, { log }) => void (await deps.queueDueDigests(log))),
    handleJob(whatsappDigestJob, async ({ userId, day }, { log }) => deps.sendDigest(userId, day, log)),
    handleJob(whatsappInsightsReadyJob, async ({ recordingId }) => deps.sendInsightsReady(recordingId)),
  ];
  return { handlers, schedule: [{ job: whatsappDigestsDueJob, everyMs: 60_000 }] };
}
