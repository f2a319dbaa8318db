/** Coaching (migration 0036): each call's conversation statistics and the per-person figures the Coaching page reads. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SPEAKER_SOURCES, type TCallStatsBody } from '@pipewise/contract/coaching';
import { createdAt, isOneOf } from './columns';
import { organizations, users } from './auth';
import { recordings, VOICE_CHANNELS } from './recordings';

/** One row per recording: where its speakers came from, the stereo team channel (left unless swapped), the Call stats tab's figures. */
export const callStats = pgTable(
  'call_stats',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    speakerSource: text('speaker_source').notNull(),
    teamChannel: text('team_channel').notNull().default('left'),
    stats: jsonb('stats').$type<TCallStatsBody>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('call_stats_speaker_source_check', isOneOf(sql`${t.speakerSource}`, SPEAKER_SOURCES)),
    check('call_stats_team_channel_check', isOneOf(sql`${t.teamChannel}`, VOICE_CHANNELS)),
  ],
);

/**
 * One row per team-side user who spoke on a call with separated speakers; the uploader and the recording's time
 * are copied so a period's rows of a viewer's subtree come from one index.
 */
export const callStatsPeople = pgTable(
  'call_stats_people',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    talkRatio: real('talk_ratio').notNull(),
    longestMonologueSeconds: real('longest_monologue_seconds').notNull(),
    longestMonologueStart: real('longest_monologue_start'),
    interactivity: real('interactivity').notNull(),
    patienceSeconds: real('patience_seconds'),
    questions: integer('questions').notNull(),
    questionsPerHour: real('questions_per_hour').notNull(),
    wordsPerMinute: real('words_per_minute'),
    fillersPerMinute: real('fillers_per_minute'),
  },
  (t) => [
    primaryKey({ name: 'call_stats_people_pkey', columns: [t.recordingId, t.userId] }),
    index('call_stats_people_user_idx').on(t.organizationId, t.userId, t.recordedAt),
  ],
);

/** The workspace's competitors, set under Settings. */
export const workspaceCompetitors = pgTable(
  'workspace_competitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspace_competitors_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);
