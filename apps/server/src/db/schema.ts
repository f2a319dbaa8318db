import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  numeric,
  primaryKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    whatsappNumber: text('whatsapp_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organizations_domain_key').on(t.domain)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    role: text('role').notNull().default('user'),
    team: text('team').notNull().default('General'),
    reportsTo: uuid('reports_to').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_org_idx').on(t.organizationId),
    index('users_reports_to_idx').on(t.reportsTo),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one queued or running job per type and key (e.g. one sync per connection). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'running'`),
    uniqueIndex('jobs_dedupe_idx').on(t.type, t.dedupeKey).where(sql`status in ('queued', 'running')`),
  ],
);

/** One live code per email; a new code replaces the old one. */
export const otpCodes = pgTable('otp_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    numEmployees: integer('num_employees').notNull(),
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('registration_requests_email_key').on(t.email)],
);

/** Short-lived OpenID Connect login attempts (state, PKCE verifier, nonce). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---- Built-in CRM -------------------------------------------------------------------------

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
    createdAt: createdAt(),
  },
  (t) => [index('pipelines_org_idx').on(t.organizationId, t.displayOrder)],
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
  (t) => [index('pipeline_stages_pipeline_idx').on(t.pipelineId, t.displayOrder)],
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
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_org_name_idx').on(t.organizationId, t.name)],
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
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contacts_org_idx').on(t.organizationId, t.lastname), index('contacts_company_idx').on(t.companyId)],
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
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    closedate: date('closedate'),
    nextsteps: text('nextsteps'),
    kdm: text('kdm'),
    painpoints: text('painpoints'),
    summary: text('summary'),
    confidenceScore: integer('confidence_score'),
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
  },
  (t) => [
    index('deal_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A search with a close-date range: the planner ANDs the two bitmaps before reading rows.
    index('deal_search_org_closedate_idx').on(t.organizationId, t.closedate),
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
  (t) => [primaryKey({ columns: [t.dealId, t.contactId] })],
);
