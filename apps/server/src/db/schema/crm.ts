/** The built-in CRM: pipelines, owners, companies, contacts, deals and what the deals list reads. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizations, users } from './auth';

/**
 * A record's id in the connected CRM (HubSpot) is unique within its workspace: the key a sync
 * upserts on (`on conflict (organization_id, external_id) where external_id is not null`). Records
 * made in Pipewise and not yet in a CRM have none.
 */
const externalIdKey = (name: string, scope: PgColumn, externalId: PgColumn) =>
  uniqueIndex(name)
    .on(scope, externalId)
    .where(sql`external_id is not null`);

/**
 * A record's owner is a Pipewise user (`owner_id`, which decides who sees it), or, when the CRM's
 * owner is not a Pipewise user, that CRM owner (`crm_owner_id`): never both. A record whose owner
 * is not a user has no `owner_id`, so like any unowned record only admins see it.
 */
const oneOwner = (name: string, ownerId: PgColumn, crmOwnerId: PgColumn) => check(name, sql`${ownerId} is null or ${crmOwnerId} is null`);

/**
 * The CRM's owners (HubSpot owners once a portal is connected). One who is a Pipewise user points
 * at that user (`user_id`, at most one owner per user and workspace); one who is not has no user,
 * and the records they own point here instead of at a user (see `oneOwner`).
 */
export const crmOwners = pgTable(
  'crm_owners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    /** The owner's HubSpot user id (an owner id is not a user id): the profile's hubspot_data.user_id. */
    externalUserId: text('external_user_id'),
    name: text('name').notNull(),
    email: text('email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    externalIdKey('crm_owners_org_external_id_key', t.organizationId, t.externalId),
    uniqueIndex('crm_owners_org_user_key')
      .on(t.organizationId, t.userId)
      .where(sql`user_id is not null`),
  ],
);

export const pipelines = pgTable(
  'pipelines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    externalId: text('external_id'),
    /** Archived pipelines leave the stage lists, filters and New Deal choices; their deals stay readable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Moves on every change to the pipeline or its stages (the workspace version reads it). */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pipelines_org_idx').on(t.organizationId, t.displayOrder),
    externalIdKey('pipelines_org_external_id_key', t.organizationId, t.externalId),
  ],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    probability: integer('probability'),
    isClosed: boolean('is_closed').notNull().default(false),
    isWon: boolean('is_won').notNull().default(false),
    externalId: text('external_id'),
  },
  (t) => [
    index('pipeline_stages_pipeline_idx').on(t.pipelineId, t.displayOrder),
    // Stages belong to a pipeline (and through it to a workspace): their CRM ids are unique there.
    externalIdKey('pipeline_stages_pipeline_external_id_key', t.pipelineId, t.externalId),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain'),
    industry: text('industry'),
    city: text('city'),
    phone: text('phone'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    crmOwnerId: uuid('crm_owner_id').references(() => crmOwners.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_org_name_idx').on(t.organizationId, t.name),
    // The companies screen (migration 0025): its sorts, an owner's or a team's companies, the duplicate-domain check.
    index('companies_org_lower_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    index('companies_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('companies_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('companies_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`, t.id),
    index('companies_org_domain_idx')
      .on(t.organizationId, sql`lower(${t.domain})`)
      .where(sql`domain is not null`),
    // The header search (modules/search): names and domains anywhere; names by their start for 1-2 characters.
    index('companies_search_trgm_idx').using('gin', sql`lower(${t.name} || E'\\x1f' || coalesce(${t.domain}, '')) gin_trgm_ops`),
    index('companies_org_name_prefix_idx').on(t.organizationId, sql`lower(${t.name}) text_pattern_ops`),
    externalIdKey('companies_org_external_id_key', t.organizationId, t.externalId),
    index('companies_crm_owner_idx')
      .on(t.crmOwnerId)
      .where(sql`crm_owner_id is not null`),
    oneOwner('companies_one_owner_check', t.ownerId, t.crmOwnerId),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    jobtitle: text('jobtitle'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    crmOwnerId: uuid('crm_owner_id').references(() => crmOwners.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_org_idx').on(t.organizationId, t.lastname),
    index('contacts_company_idx').on(t.companyId),
    // The contacts screen (migration 0025): its sorts, an owner's or a team's contacts, the duplicate-email check.
    index('contacts_org_lower_name_idx').on(t.organizationId, sql`lower(${t.firstname} || ' ' || ${t.lastname})`, t.id),
    index('contacts_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('contacts_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('contacts_owner_name_idx').on(t.ownerId, sql`lower(${t.firstname} || ' ' || ${t.lastname})`, t.id),
    index('contacts_org_email_idx')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`email is not null`),
    // The header search (modules/search): full names and emails anywhere; full names by their start.
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`lower(${t.firstname} || ' ' || ${t.lastname} || E'\\x1f' || coalesce(${t.email}, '')) gin_trgm_ops`,
    ),
    index('contacts_org_name_prefix_idx').on(t.organizationId, sql`lower(${t.firstname} || ' ' || ${t.lastname}) text_pattern_ops`),
    externalIdKey('contacts_org_external_id_key', t.organizationId, t.externalId),
    index('contacts_crm_owner_idx')
      .on(t.crmOwnerId)
      .where(sql`crm_owner_id is not null`),
    oneOwner('contacts_one_owner_check', t.ownerId, t.crmOwnerId),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 10001 }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealname: text('dealname').notNull(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => pipelineStages.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    crmOwnerId: uuid('crm_owner_id').references(() => crmOwners.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    closedate: date('closedate'),
    nextsteps: text('nextsteps'),
    kdm: text('kdm'),
    painpoints: text('painpoints'),
    summary: text('summary'),
    /** Computed from the deal's signals (deal-score module, docs/confidence-score.md), never typed. */
    confidenceScore: integer('confidence_score'),
    /** Competitors named in calls (migration 0034): Pipewise's own field, not sent to HubSpot. */
    competitors: text('competitors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The score's factors, each points and a sentence (migration 0035). */
    confidenceFactors: jsonb('confidence_factors').$type<{ points: number; reason: string; kind: string }[]>(),
    /** When the score was computed: a sweep recomputes it when an input changed since, or the day has passed. */
    confidenceComputedAt: timestamp('confidence_computed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's count and sum(amount) run over every matching deal: each filter's index ends
    // with amount, so they read that index alone (an index-only scan) instead of the wide rows.
    // (drizzle-kit 0.31 cannot emit INCLUDE, hence amount as a last key column.)
    index('deals_org_id_idx').on(t.organizationId, t.id),
    index('deals_org_owner_idx').on(t.organizationId, t.ownerId, t.id, t.amount),
    index('deals_org_stage_idx').on(t.organizationId, t.stageId, t.amount),
    index('deals_org_pipeline_idx').on(t.organizationId, t.pipelineId, t.amount),
    index('deals_org_closedate_idx').on(t.organizationId, t.closedate, t.amount),
    // Exactly the amount_desc sort (Sort by Value), so its first page is read off the index.
    index('deals_org_amount_idx').on(t.organizationId, t.amount.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The confidence sorts, likewise (migration 0035), and the sweep's "computed before today".
    index('deals_org_confidence_asc_idx').on(t.organizationId, t.confidenceScore.asc().nullsLast(), t.id.desc().nullsFirst()),
    index('deals_org_confidence_desc_idx').on(t.organizationId, t.confidenceScore.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('deals_org_confidence_computed_idx').on(t.organizationId, t.confidenceComputedAt),
    externalIdKey('deals_org_external_id_key', t.organizationId, t.externalId),
    index('deals_crm_owner_idx')
      .on(t.crmOwnerId)
      .where(sql`crm_owner_id is not null`),
    // A company's deals (the header search shows a company through its newest visible deal).
    index('deals_company_idx').on(t.companyId, t.ownerId, t.id),
    oneOwner('deals_one_owner_check', t.ownerId, t.crmOwnerId),
  ],
);

/**
 * What the list's search reads: one narrow row per deal (about a third of a deals row, which
 * also holds the long summary and pain points), kept by triggers on deals in the same transaction
 * (migration 0001). `search_text` is dealname, nextsteps and kdm lower-cased and joined by U+001F
 * (a separator no one types, so a match cannot span two fields); its trigram index finds the
 * candidates of a substring search, and counting and summing them reads these narrow rows.
 * The columns the list filters and sorts on carry the names they have in deals.
 */
export const dealSearch = pgTable(
  'deal_search',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => deals.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    ownerId: uuid('owner_id'),
    pipelineId: uuid('pipeline_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    closedate: date('closedate'),
    dealname: text('dealname').notNull(),
    searchText: text('search_text').notNull(),
    confidenceScore: integer('confidence_score'),
  },
  (t) => [
    // The searched text's trigrams beside the owner (btree_gin): a search by a rep or a team intersects both in the index.
    // The assistant's near names (`word <% search_text`) read it too, once migration 0023 priced the word similarity.
    index('deal_search_owner_text_idx').using('gin', t.ownerId, sql`${t.searchText} gin_trgm_ops`),
    // A search with a close-date range: the planner ANDs the two bitmaps before reading rows.
    index('deal_search_org_closedate_idx').on(t.organizationId, t.closedate),
    // The header search's 1-2 character terms, which have no trigram: names by their start.
    index('deal_search_org_name_prefix_idx').on(t.organizationId, sql`lower(${t.dealname}) text_pattern_ops`),
  ],
);

/**
 * How many companies and contacts each owner (null: no one) has per workspace, kept by triggers on
 * companies and contacts (migration 0029): a team's list counts what its owners own from here.
 */
export const recordOwnerTotals = pgTable(
  'record_owner_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id'),
    companies: bigint('companies', { mode: 'number' }).notNull().default(0),
    contacts: bigint('contacts', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('record_owner_totals_key').on(t.organizationId, t.ownerId).nullsNotDistinct()],
);

/**
 * Each (deal owner, company) pair: how many of the owner's deals are on the company, and the
 * company's own owner; kept by triggers on deals and companies (migration 0029). The companies a
 * team sees only through its deals are an index range here.
 */
export const companyDealReach = pgTable(
  'company_deal_reach',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    companyId: uuid('company_id').notNull(),
    companyOwnerId: uuid('company_owner_id'),
    deals: integer('deals').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'company_deal_reach_pkey', columns: [t.organizationId, t.ownerId, t.companyId] }),
    index('company_deal_reach_company_idx').on(t.companyId, t.ownerId),
    index('company_deal_reach_team_idx').on(t.organizationId, t.ownerId, t.companyOwnerId, t.companyId),
  ],
);

/** The same for contacts, through the stakeholders of each owner's deals (triggers on deals, deal_stakeholders, contacts). */
export const contactDealReach = pgTable(
  'contact_deal_reach',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    contactOwnerId: uuid('contact_owner_id'),
    deals: integer('deals').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'contact_deal_reach_pkey', columns: [t.organizationId, t.ownerId, t.contactId] }),
    index('contact_deal_reach_contact_idx').on(t.contactId, t.ownerId),
    index('contact_deal_reach_team_idx').on(t.organizationId, t.ownerId, t.contactOwnerId, t.contactId),
  ],
);

/**
 * The deals count and amount per (workspace, owner, pipeline, stage), kept by triggers on deals
 * in the same transaction as the change (migration 0001). The list's `total` and `total_amount`
 * read it when no close-date or search filter is set: ~1k rows per workspace instead of every
 * deal. An unowned deal counts under a null owner (hence NULLS NOT DISTINCT).
 */
export const dealTotals = pgTable(
  'deal_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id'),
    pipelineId: uuid('pipeline_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('deal_totals_key').on(t.organizationId, t.ownerId, t.pipelineId, t.stageId).nullsNotDistinct()],
);

/**
 * deal_totals split by close month (the first day of it; null for a deal without a close date),
 * kept by triggers on deals in the same transaction (migration 0020). The list's totals for a
 * close-date filter add up the whole months inside the range here and count the deals of the
 * partial months at its edges (deal-totals-sql.ts).
 */
export const dealMonthTotals = pgTable(
  'deal_month_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date('month'),
    ownerId: uuid('owner_id'),
    pipelineId: uuid('pipeline_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('deal_month_totals_key').on(t.organizationId, t.month, t.ownerId, t.pipelineId, t.stageId).nullsNotDistinct()],
);

/**
 * The list searches whose totals are kept, by their LIKE pattern over deal_search.search_text:
 * common terms, whose matches are too many to count per request (migration 0020).
 */
export const dealSearchTerms = pgTable(
  'deal_search_terms',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'deal_search_terms_pkey', columns: [t.organizationId, t.pattern] })],
);

/** Per followed search term, its matching deals' count and amount per close month, owner, pipeline and stage. */
export const dealTermTotals = pgTable(
  'deal_term_totals',
  {
    organizationId: uuid('organization_id').notNull(),
    pattern: text('pattern').notNull(),
    month: date('month'),
    ownerId: uuid('owner_id'),
    pipelineId: uuid('pipeline_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    unique('deal_term_totals_key').on(t.organizationId, t.pattern, t.month, t.ownerId, t.pipelineId, t.stageId).nullsNotDistinct(),
    foreignKey({
      name: 'deal_term_totals_term_fk',
      columns: [t.organizationId, t.pattern],
      foreignColumns: [dealSearchTerms.organizationId, dealSearchTerms.pattern],
    }).onDelete('cascade'),
  ],
);

export const dealStakeholders = pgTable(
  'deal_stakeholders',
  {
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    position: text('position'),
    displayOrder: integer('display_order').notNull().default(0),
  },
  // By contact: the deals a contact is a stakeholder of (the header search's contacts).
  (t) => [primaryKey({ columns: [t.dealId, t.contactId] }), index('deal_stakeholders_contact_idx').on(t.contactId)],
);
