import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';
import type { InboundMessage } from './whatsapp-webhook-protocol';

/** One message a user sent on WhatsApp, queued by the webhook once per message id. */
export const whatsappMessageJob = declareJob({
  type: 'whatsapp.message',
  payload: z.object({
    id: z.string().min(1).max(256),
    from: z.string().regex(/^\+\d{6,15}$/),
    sentAt: z.iso.datetime(),
    kind: z.enum(['text', 'button', 'other']),
    text: z.string().max(4096),
    buttonId: z.string().max(256).nullable(),
  }),
  maxAttempts: 5,
});

/** Daily: message ids and stranger replies old enough that Meta no longer redelivers them are forgotten. */
export const whatsappPruneJob = declareJob({ type: 'whatsapp.prune', payload: z.object({}) });

/** Message ids are kept this long (Meta retries a delivery for up to 7 days). */
export const KEEP_MESSAGE_IDS_DAYS = 14;

export type WhatsappWebhookJobsDeps = {
  handle(message: InboundMessage, log: FastifyBaseLogger): Promise<void>;
  prune(days: number): Promise<void>;
};

export function createWhatsappWebhookJobs(deps: WhatsappWebhookJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(whatsappMessageJob, async (message, { log }) => deps.handle(message, log)),
    handleJob(whatsappPruneJob, async () => deps.prune(KEEP_MESSAGE_IDS_DAYS)),
  ];
  return { handlers, schedule: [{ job: whatsappPruneJob, everyMs: 24 * 60 * 60_000 }] };
}
