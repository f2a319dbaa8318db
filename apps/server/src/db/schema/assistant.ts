/** The assistant's pending CRM writes: what a command will do, held until the user says yes (decision 9). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COMMAND_OBJECT_TYPES, OPERATIONS } from '@pipewise/contract/assistant';
import { createdAt, isOneOf } from './columns';
import { organizations, users } from './auth';

/** One shown change: the property, how it is named to the user, and the value as shown. */
export type PendingChange = { property: string; label: string; value: string; previous?: string | null };

export const pendingOperations = pgTable(
  'pending_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who asked: the only one who may confirm it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    objectType: text('object_type').notNull(),
    identifier: text('identifier').notNull(),
    /** The record an update changes (a deal id or a company/contact uuid); null for a create. */
    recordId: text('record_id'),
    /** The deal's version when the command was read: a confirm after another change is refused. */
    recordVersion: integer('record_version'),
    /** A company's or contact's updated_at when read (they carry no version). */
    recordUpdatedAt: timestamp('record_updated_at', { withTimezone: true }),
    /** The resolved values the write will use (ids, not labels). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** What the confirmation showed, in order. */
    changes: jsonb('changes').$type<PendingChange[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once when confirmed or canceled: a pending operation runs at most once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_operations_user_idx').on(t.userId, t.createdAt),
    index('pending_operations_expires_idx').on(t.expiresAt),
    check('pending_operations_operation_check', isOneOf(sql`${t.operation}`, OPERATIONS)),
    check('pending_operations_object_type_check', isOneOf(sql`${t.objectType}`, COMMAND_OBJECT_TYPES)),
  ],
);
