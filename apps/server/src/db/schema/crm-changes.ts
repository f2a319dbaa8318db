import { sql } from 'drizzle-orm';
import { CHANGE_SOURCES } from '@pipewise/contract/activity';
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns';
import { organizations, users } from './auth';
import { recordings } from './recordings';

export const CRM_OBJECT_TYPES = ['deal', 'company', 'contact'] as const;
export const CRM_OPERATIONS = ['create', 'update', 'delete'] as const;

/**
 * The outbox of CRM writes: one row per deal, company or contact written through its service,
 * inserted in the same transaction as the write (a rolled-back write leaves no row). What reads it
 * (HubSpot write-through, search indexing) keeps its own cursor, the last `id` it handled.
 * Bulk loads (the demo seed, the bench data, a CRM import) write no rows here: they are not
 * changes to forward, and indexing rebuilds from the tables.
 */
export const crmChanges = pgTable(
  'crm_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    objectType: text('object_type').$type<(typeof CRM_OBJECT_TYPES)[number]>().notNull(),
    /** The record's id as text: deals have bigint ids, companies and contacts uuids. */
    objectId: text('object_id').notNull(),
    operation: text('operation').$type<(typeof CRM_OPERATIONS)[number]>().notNull(),
    /** The columns the write set (every given column on create). */
    changedFields: text('changed_fields').array().notNull(),
    /** The record's version after the write, for records that carry one (deals). */
    version: integer('version'),
    /** Who wrote: a user, or null for the system (a sync). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_changes_object_idx').on(t.organizationId, t.objectType, t.objectId, t.id),
    /** A workspace's newest change (the assistant's names are rebuilt when it moves). */
    index('crm_changes_org_id_idx').on(t.organizationId, t.id),
    check('crm_changes_object_type_check', isOneOf(sql`${t.objectType}`, CRM_OBJECT_TYPES)),
    check('crm_changes_operation_check', isOneOf(sql`${t.operation}`, CRM_OPERATIONS)),
  ],
);

/** Where a change came from (the contract's list, which the API answers). */
export const RECORD_HISTORY_SOURCES = CHANGE_SOURCES;

/**
 * The history of every change to a deal, company or contact: one row per created or deleted
 * record, and one per column an update changed, with its old and new value as text. Written only
 * by the AFTER triggers of migration 0026, from the actor and source a CRM write names with
 * `set_config` (crm-write.ts); a write that names none (the demo seed, the bench data) writes none.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<(typeof CRM_OBJECT_TYPES)[number]>().notNull(),
    recordId: text('record_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').$type<(typeof RECORD_HISTORY_SOURCES)[number]>().notNull(),
    operation: text('operation').$type<(typeof CRM_OPERATIONS)[number]>().notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** The recording an accepted call suggestion came from (migration 0034): "from the call on <date>". */
    sourceRecordingId: uuid('source_recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('record_history_record_idx').on(t.organizationId, t.recordType, t.recordId, t.id),
    // The confidence sweep's "deals changed in the last minutes" (migration 0035).
    index('record_history_deal_created_idx')
      .on(t.createdAt)
      .where(sql`record_type = 'deal'`),
    check('record_history_record_type_check', isOneOf(sql`${t.recordType}`, CRM_OBJECT_TYPES)),
    check('record_history_operation_check', isOneOf(sql`${t.operation}`, CRM_OPERATIONS)),
    check('record_history_source_check', isOneOf(sql`${t.source}`, RECORD_HISTORY_SOURCES)),
  ],
);
