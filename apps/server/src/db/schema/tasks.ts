/** Tasks (to-dos): a title, an optional due day and time in the assignee's zone, an optional record (migration 0027). */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from './columns';
import { organizations, users } from './auth';
import { companies, contacts, deals } from './crm';

export const TASK_STATUSES = ['open', 'done'] as const;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The due day as the assignee's calendar shows it (users.time_zone, else UTC). */
    dueDate: date('due_date'),
    /** HH:MM on the due day, in the assignee's zone; null: some time that day. */
    dueTime: text('due_time'),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the task is about: at most one of a deal, a company or a contact. */
    dealId: bigint('deal_id', { mode: 'number' }).references(() => deals.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The home's to-dos and "mine": a person's open tasks by due day.
    index('tasks_assignee_idx').on(t.assigneeId, t.status, t.dueDate),
    index('tasks_org_idx').on(t.organizationId, t.createdAt),
    // The confidence sweep's "deals whose tasks changed in the last minutes" (migration 0035).
    index('tasks_deal_updated_idx')
      .on(t.updatedAt)
      .where(sql`deal_id is not null`),
    index('tasks_deal_idx')
      .on(t.dealId)
      .where(sql`deal_id is not null`),
    index('tasks_company_idx')
      .on(t.companyId)
      .where(sql`company_id is not null`),
    index('tasks_contact_idx')
      .on(t.contactId)
      .where(sql`contact_id is not null`),
    check('tasks_title_check', sql`char_length(${t.title}) between 1 and 500`),
    check(
      'tasks_due_time_check',
      sql`${t.dueTime} is null or (${t.dueDate} is not null and ${t.dueTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
    check('tasks_status_check', isOneOf(sql`${t.status}`, TASK_STATUSES)),
    check('tasks_one_record_check', sql`num_nonnulls(${t.dealId}, ${t.companyId}, ${t.contactId}) <= 1`),
  ],
);
