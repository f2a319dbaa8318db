/** WhatsApp as the assistant's second door: deliveries handled, each user's conversation, strangers answered (migration 0019). */
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './auth';
import { pendingOperations } from './assistant';

/** A reply worked out for a message, kept until it is sent (a retried job sends it, not a second answer). */
export type WhatsappReply = { kind: 'text'; text: string } | { kind: 'buttons'; text: string; buttons: { id: string; title: string }[] };

/** Each message Meta delivered, by its id: a delivery repeated is handled once. */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    messageId: text('message_id').primaryKey(),
    /** The sender, E.164. */
    phoneNumber: text('phone_number').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    reply: jsonb('reply').$type<WhatsappReply>(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('whatsapp_inbound_messages_received_idx').on(t.receivedAt)],
);

/** A user's WhatsApp conversation: the 24-hour window, the operation waiting for a yes, the last digest's day. */
export const whatsappConversations = pgTable('whatsapp_conversations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the user last wrote from: the window counts for that number only. */
  phoneNumber: text('phone_number'),
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
  pendingOperationId: uuid('pending_operation_id').references(() => pendingOperations.id, { onDelete: 'set null' }),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  /** The local day (the user's zone) the morning digest was sent. */
  digestSentOn: date('digest_sent_on', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/** Numbers nobody verified, and when they last got the one short reply. */
export const whatsappStrangerReplies = pgTable('whatsapp_stranger_replies', {
  phoneNumber: text('phone_number').primaryKey(),
  repliedAt: timestamp('replied_at', { withTimezone: true }).notNull().defaultNow(),
});
