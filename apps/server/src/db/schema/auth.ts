/** Workspaces, people, sign-in and sign-up. */
import { sql } from 'drizzle-orm';
import { ROLES } from '@pipewise/contract/common';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from './columns';

export const USER_STATUSES = ['active', 'deactivated'] as const;
export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

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
    /** The user's own messaging (WhatsApp) number, E.164 (migration 0014). */
    whatsappNumber: text('whatsapp_number'),
    /** When the code sent to whatsapp_number was entered; null until then and again after the number changes (0017). */
    whatsappVerifiedAt: timestamp('whatsapp_verified_at', { withTimezone: true }),
    /** WhatsApp notification opt-ins (verified numbers only): the 08:00 digest and 'insights ready'. */
    whatsappMorningDigest: boolean('whatsapp_morning_digest').notNull().default(false),
    whatsappInsightsReady: boolean('whatsapp_insights_ready').notNull().default(false),
    /** The IANA zone the user's browser last reported on the WhatsApp card, or null. */
    timeZone: text('time_zone'),
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
    // Roles compare case-insensitively (isAdminRole), so upper-case variants are allowed too.
    check('users_role_check', isOneOf(sql`lower(${t.role})`, ROLES)),
    check('users_status_check', isOneOf(sql`${t.status}`, USER_STATUSES)),
    check('users_whatsapp_number_check', sql`${t.whatsappNumber} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('users_whatsapp_verified_check', sql`${t.whatsappVerifiedAt} is null or ${t.whatsappNumber} is not null`),
    uniqueIndex('users_whatsapp_verified_key')
      .on(t.whatsappNumber)
      .where(sql`${t.whatsappVerifiedAt} is not null`),
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
  (t) => [
    uniqueIndex('registration_requests_email_key').on(t.email),
    check('registration_requests_status_check', isOneOf(sql`${t.status}`, REGISTRATION_STATUSES)),
  ],
);

/** Short-lived OpenID Connect login attempts (state, PKCE verifier, nonce). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
