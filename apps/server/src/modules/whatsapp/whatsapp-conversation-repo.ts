import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { whatsappConversations, whatsappInboundMessages, whatsappStrangerReplies, type WhatsappReply } from '../../db/schema';

/** How long WhatsApp keeps the customer-service window open after the user's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export type InboundState = { handledAt: Date | null; reply: WhatsappReply | null; repliedAt: Date | null };
export type ConversationState = {
  phoneNumber: string | null;
  lastInboundAt: Date | null;
  pendingOperationId: string | null;
  pendingExpiresAt: Date | null;
};

/** The webhook's message ids, each user's conversation and the strangers answered (the whatsapp module's tables). */
export function createWhatsappConversationRepo(db: DbOrTx) {
  return {
    /** Records the messages' ids; returns the ids not seen before (a repeated delivery returns none). */
    async recordInbound(messages: { id: string; from: string }[], on: DbOrTx = db): Promise<Set<string>> {
      if (messages.length === 0) return new Set();
      const rows = await on
        .insert(whatsappInboundMessages)
        .values([...new Map(messages.map((m) => [m.id, { messageId: m.id, phoneNumber: m.from }])).values()])
        .onConflictDoNothing()
        .returning({ id: whatsappInboundMessages.messageId });
      return new Set(rows.map((r) => r.id));
    },

    async inbound(messageId: string): Promise<InboundState | null> {
      const [row] = await db
        .select({
          handledAt: whatsappInboundMessages.handledAt,
          reply: whatsappInboundMessages.reply,
          repliedAt: whatsappInboundMessages.repliedAt,
        })
        .from(whatsappInboundMessages)
        .where(eq(whatsappInboundMessages.messageId, messageId));
      return row ?? null;
    },

    /** The message is handled: its reply (or none) is kept until it is sent. */
    async saveReply(messageId: string, reply: WhatsappReply | null): Promise<void> {
      await db
        .update(whatsappInboundMessages)
        .set({ handledAt: sql`now()`, reply })
        .where(eq(whatsappInboundMessages.messageId, messageId));
    },

    async markReplied(messageId: string): Promise<void> {
      await db
        .update(whatsappInboundMessages)
        .set({ repliedAt: sql`now()` })
        .where(eq(whatsappInboundMessages.messageId, messageId));
    },

    /** Forgets message ids older than `days` (Meta stops redelivering long before). */
    async pruneInbound(days: number): Promise<void> {
      await db.delete(whatsappInboundMessages).where(lt(whatsappInboundMessages.receivedAt, sql`now() - ${`${days} days`}::interval`));
      await db.delete(whatsappStrangerReplies).where(lt(whatsappStrangerReplies.repliedAt, sql`now() - interval '2 days'`));
    },

    /** The user wrote from `phoneNumber` at `sentAt`: the window counts from their latest message from that number. */
    async touch(userId: string, phoneNumber: string, sentAt: Date): Promise<void> {
      await db
        .insert(whatsappConversations)
        .values({ userId, phoneNumber, lastInboundAt: sentAt })
        .onConflictDoUpdate({
          target: whatsappConversations.userId,
          set: {
            lastInboundAt: sql`case when ${whatsappConversations.phoneNumber} = excluded.phone_number
              then greatest(${whatsappConversations.lastInboundAt}, excluded.last_inbound_at) else excluded.last_inbound_at end`,
            phoneNumber: sql`excluded.phone_number`,
            updatedAt: sql`now()`,
          },
        });
    },

    async conversation(userId: string): Promise<ConversationState | null> {
      const [row] = await db
        .select({
          phoneNumber: whatsappConversations.phoneNumber,
          lastInboundAt: whatsappConversations.lastInboundAt,
          pendingOperationId: whatsappConversations.pendingOperationId,
          pendingExpiresAt: whatsappConversations.pendingExpiresAt,
        })
        .from(whatsappConversations)
        .where(eq(whatsappConversations.userId, userId));
      return row ?? null;
    },

    /** The operation the user's next yes or no answers. */
    async setPending(userId: string, operationId: string, expiresAt: Date): Promise<void> {
      await db
        .insert(whatsappConversations)
        .values({ userId, pendingOperationId: operationId, pendingExpiresAt: expiresAt })
        .onConflictDoUpdate({
          target: whatsappConversations.userId,
          set: { pendingOperationId: operationId, pendingExpiresAt: expiresAt, updatedAt: sql`now()` },
        });
    },

    /** Nothing waits for a yes any more (only if `operationId` is the one waiting, when given). */
    async clearPending(userId: string, operationId?: string): Promise<void> {
      await db
        .update(whatsappConversations)
        .set({ pendingOperationId: null, pendingExpiresAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(whatsappConversations.userId, userId),
            operationId ? eq(whatsappConversations.pendingOperationId, operationId) : undefined,
          ),
        );
    },

    /** Claims the day's digest for the user (their local date): true once per user and day, however often it is asked. */
    async claimDigest(userId: string, localDay: string, on: DbOrTx = db): Promise<boolean> {
      const rows = await on
        .insert(whatsappConversations)
        .values({ userId, digestSentOn: localDay })
        .onConflictDoUpdate({
          target: whatsappConversations.userId,
          set: { digestSentOn: localDay, updatedAt: sql`now()` },
          setWhere: or(isNull(whatsappConversations.digestSentOn), lt(whatsappConversations.digestSentOn, localDay)),
        })
        .returning({ userId: whatsappConversations.userId });
      return rows.length === 1;
    },

    /** True when the number has had no stranger reply within a day (and records this one). */
    async claimStrangerReply(phoneNumber: string): Promise<boolean> {
      const rows = await db
        .insert(whatsappStrangerReplies)
        .values({ phoneNumber })
        .onConflictDoUpdate({
          target: whatsappStrangerReplies.phoneNumber,
          set: { repliedAt: sql`now()` },
          setWhere: lt(whatsappStrangerReplies.repliedAt, sql`now() - interval '1 day'`),
        })
        .returning({ phoneNumber: whatsappStrangerReplies.phoneNumber });
      return rows.length === 1;
    },
  };
}

export type WhatsappConversationRepo = ReturnType<typeof createWhatsappConversationRepo>;
