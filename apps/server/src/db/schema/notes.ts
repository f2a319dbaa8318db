import { sql } from 'drizzle-orm';
import { NOTE_MAX_LENGTH } from '@pipewise/contract/notes';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from './columns';
import { organizations, users } from './auth';
import { CRM_OBJECT_TYPES } from './crm-changes';

/** Notes on a deal, company or contact (`record_type`, `record_id`): whoever sees the record reads them. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<(typeof CRM_OBJECT_TYPES)[number]>().notNull(),
    recordId: text('record_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_record_idx').on(t.organizationId, t.recordType, t.recordId, t.createdAt, t.id),
    // The confidence sweep's "deals with a note written or edited in the last minutes" (migration 0035).
    index('notes_deal_updated_idx')
      .on(t.updatedAt)
      .where(sql`record_type = 'deal'`),
    check('notes_record_type_check', isOneOf(sql`${t.recordType}`, CRM_OBJECT_TYPES)),
    check('notes_body_length_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(NOTE_MAX_LENGTH))}`),
  ],
);
