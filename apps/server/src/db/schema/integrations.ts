/** Provider connections beyond Google (HubSpot), their connect states, sync progress and request pacing. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from './columns';
import { organizations, users } from './auth';

export const INTEGRATION_PROVIDERS = ['hubspot'] as const;
export const CONNECTION_STATES = ['active', 'broken'] as const;
export const SYNC_STATES = ['idle', 'running', 'done', 'failed'] as const;

/** A user's own login at a provider; tokens sealed with AES-256-GCM bound to the user id. */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The provider's account (HubSpot: the portal's hub id). */
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    /** The provider's user id and login email, when it says. */
    externalUserId: bigint('external_user_id', { mode: 'number' }),
    externalEmail: text('external_email'),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('active'),
    /** While set and in the future, one process is refreshing the tokens; others wait for it. */
    refreshLockUntil: timestamp('refresh_lock_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    check('integration_connections_provider_check', isOneOf(sql`${t.provider}`, INTEGRATION_PROVIDERS)),
    check('integration_connections_state_check', isOneOf(sql`${t.state}`, CONNECTION_STATES)),
  ],
);

/** A connect in progress: single use, for the user and the browser that started it, 10 minutes. */
export const integrationConnectStates = pgTable('integration_connect_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the random value in the browser's connect cookie. */
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A workspace's provider account (HubSpot: the portal its first admin connection bound it to, one
 * workspace per portal) with its import and sync: progress for the card, the incremental cursor.
 */
export const workspaceIntegrations = pgTable(
  'workspace_integrations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    boundBy: uuid('bound_by').references(() => users.id, { onDelete: 'set null' }),
    syncState: text('sync_state').notNull().default('idle'),
    phase: text('phase'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    /** Where the next incremental pull starts (per object type). */
    cursor: jsonb('cursor').$type<Record<string, string>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.provider] }),
    uniqueIndex('workspace_integrations_account_key').on(t.provider, t.accountId),
    check('workspace_integrations_sync_state_check', isOneOf(sql`${t.syncState}`, SYNC_STATES)),
  ],
);

/** The next free request slot per pacing key (e.g. one HubSpot portal), shared by every process. */
export const integrationPacing = pgTable('integration_pacing', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * HubSpot webhook events already queued, so a delivery HubSpot sends again is handled once. HubSpot
 * does not promise an eventId is unique: an event is its id with its subscription type and object
 * (`objectId`, or `from-to` for an association change) within the portal. Kept a few days.
 */
export const hubspotWebhookEvents = pgTable(
  'hubspot_webhook_events',
  {
    portalId: bigint('portal_id', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    subscriptionType: text('subscription_type').notNull(),
    objectKey: text('object_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'hubspot_webhook_events_pk', columns: [t.portalId, t.eventId, t.subscriptionType, t.objectKey] }),
    index('hubspot_webhook_events_received_idx').on(t.receivedAt),
  ],
);
