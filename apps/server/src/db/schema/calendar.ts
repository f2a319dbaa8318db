/** Calendar meetings (built-in or synced from Google) and each user's Google connection. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { createdAt, isOneOf, updatedAt } from './columns';
import { organizations, users } from './auth';
import { deals } from './crm';

export const MEETING_SOURCES = ['builtin', 'google'] as const;
export const MEETING_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export const GOOGLE_CONNECTION_STATES = ['active', 'broken'] as const;

export const calendarMeetings = pgTable(
  'calendar_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Whose calendar it is on: decides who sees it (the owner, everyone above them, admins). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull().default('builtin'),
    /** The provider's event id; a sync upserts on (owner, external id). */
    externalId: text('external_id'),
    title: text('title'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    timeZone: text('time_zone'),
    allDay: boolean('all_day').notNull().default(false),
    status: text('status').notNull().default('confirmed'),
    attendees: jsonb('attendees')
      .$type<TMeetAttendee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    organizerEmail: text('organizer_email'),
    meetLink: text('meet_link'),
    /** Set when an attendee is a stakeholder of a deal, or by hand (dealLinkedByHand). */
    dealId: bigint('deal_id', { mode: 'number' }).references(() => deals.id, { onDelete: 'set null' }),
    dealLinkedByHand: boolean('deal_linked_by_hand').notNull().default(false),
    /** null leaves it to the rule (more than 2 attendees). */
    isTeam: boolean('is_team'),
    /** A call booked in Pipewise: the organiser's row and each attending user's copy share it (migration 0028). */
    bookingId: uuid('booking_id'),
    /** Who booked it; null for synced events. */
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The iCalendar SEQUENCE of its invitations: an edit adds one. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_meetings_owner_external_id_key')
      .on(t.ownerId, t.externalId)
      .where(sql`external_id is not null`),
    index('calendar_meetings_booking_idx')
      .on(t.bookingId)
      .where(sql`booking_id is not null`),
    index('calendar_meetings_org_owner_start_idx').on(t.organizationId, t.ownerId, t.startAt),
    // The confidence sweep's "deals whose calls changed or took place in the last minutes" (migration 0035).
    index('calendar_meetings_deal_updated_idx')
      .on(t.updatedAt)
      .where(sql`deal_id is not null`),
    index('calendar_meetings_deal_start_idx')
      .on(t.startAt)
      .where(sql`deal_id is not null`),
    // The header search (modules/search): titles anywhere; by their start for 1-2 characters.
    index('calendar_meetings_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('calendar_meetings_org_title_prefix_idx').on(t.organizationId, sql`lower(${t.title}) text_pattern_ops`),
    check('calendar_meetings_source_check', isOneOf(sql`${t.source}`, MEETING_SOURCES)),
    check('calendar_meetings_status_check', isOneOf(sql`${t.status}`, MEETING_STATUSES)),
  ],
);

/**
 * A user's Google grant. Tokens are AES-256-GCM ciphertexts (lib/secrets.ts), never sent to the
 * browser; `syncToken` is Calendar's incremental-sync cursor.
 */
export const googleConnections = pgTable(
  'google_connections',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    googleEmail: text('google_email'),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    scopes: jsonb('scopes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** broken after Google refused the refresh token (revoked or expired grant). */
    state: text('state').notNull().default('active'),
    syncToken: text('sync_token'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('google_connections_state_check', isOneOf(sql`${t.state}`, GOOGLE_CONNECTION_STATES))],
);

/** Pending Google connects: state bound to the user who started it, with its PKCE verifier; single use, 10 minutes. */
export const googleConnectStates = pgTable('google_connect_states', {
  state: text('state').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
