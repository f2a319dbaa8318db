import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { WhatsappConversationRepo } from './whatsapp-conversation-repo';
import { whatsappMessageJob } from './whatsapp-webhook-jobs';
import type { InboundMessage } from './whatsapp-webhook-protocol';

/**
 * The webhook's inbox: each message id is recorded with its job in one transaction, so a message
 * Meta delivers again (or twice at once) is queued once, and none is recorded without its job.
 */
export function createWhatsappInbox(deps: { db: Db; repo: WhatsappConversationRepo; queue: Pick<JobQueue, 'enqueue'> }) {
  return {
    /** Queues the messages not seen before; returns how many. */
    async accept(messages: InboundMessage[]): Promise<number> {
      if (messages.length === 0) return 0;
      return deps.db.transaction(async (tx) => {
        const fresh = await deps.repo.recordInbound(messages, tx);
        let queued = 0;
        for (const message of messages) {
          // A delivery may carry the same message twice: the first one is queued.
          if (!fresh.delete(message.id)) continue;
          await deps.queue.enqueue(whatsappMessageJob, message, { db: tx });
          queued++;
        }
        return queued;
      });
    },
  };
}

export type WhatsappInbox = ReturnType<typeof createWhatsappInbox>;
