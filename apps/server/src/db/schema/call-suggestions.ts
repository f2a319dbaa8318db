import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns';
import { organizations, users } from './auth';
import { deals } from './crm';
import { recordings } from './recordings';
import { CALL_SUGGESTION_FIELDS } from '@pipewise/contract/call-suggestions';

export const CALL_SUGGESTION_STATUSES = ['open', 'accepted', 'dismissed'] as const;

/**
 * Suggested CRM updates from a processed recording linked to a deal (migration 0034): the field, the proposed
 * value (as text), the sentence it came from, and its fate. `key` (the field, or the field and value for lists)
 * is unique per recording, so an accepted or dismissed suggestion is never asked again, reprocessing included.
 */
export const callSuggestions = pgTable(
  'call_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    field: text('field').$type<(typeof CALL_SUGGESTION_FIELDS)[number]>().notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    dueDate: date('due_date'),
    stageId: uuid('stage_id'),
    quote: text('quote').notNull(),
    speaker: text('speaker'),
    startSeconds: real('start_seconds'),
    status: text('status').$type<(typeof CALL_SUGGESTION_STATUSES)[number]>().notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('call_suggestions_recording_key').on(t.recordingId, t.key),
    index('call_suggestions_deal_idx').on(t.dealId, t.status),
    check('call_suggestions_field_check', isOneOf(sql`${t.field}`, CALL_SUGGESTION_FIELDS)),
    check('call_suggestions_status_check', isOneOf(sql`${t.status}`, CALL_SUGGESTION_STATUSES)),
  ],
);
