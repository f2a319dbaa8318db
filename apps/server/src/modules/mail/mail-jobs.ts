import { z } from 'zod';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

const ZMailMessage = z.object({
  to: z.email(),
  subject: z.string().min(1).max(500),
  text: z.string(),
  html: z.string(),
  consoleHint: z.string().optional(),
  calendar: z.object({ method: z.enum(['REQUEST', 'CANCEL']), content: z.string().max(1_000_000) }).optional(),
}) satisfies z.ZodType<MailMessage>;

/** Mail sent outside a request (approvals, notices), retried with backoff while the server is down. */
export const sendMailJob = declareJob({
  type: 'mail.send',
  payload: ZMailMessage,
});

export function createMailJobs({ mail }: { mail: MailSender }): ModuleJobs {
  return { handlers: [handleJob(sendMailJob, (message) => mail.send(message))], schedule: [] };
}
