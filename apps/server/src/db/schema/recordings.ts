/** A stretch of a transcript as it is being made: seconds from the recording's start (null: unknown), the speaker label, the words. */
export type TranscriptPieceSegment = { start: number | null; end: number | null; speaker: string | null; text: string };
/**
 * One piece of a transcript being made: its place in the audio, its words and, where the engine or
 * the uploaded file gave them, its segments with times and speakers (kept so a stopped run resumes after it).
 */
export type TranscriptPieceRow = { start: number; seconds: number; text: string; segments?: TranscriptPieceSegment[] };

/** Meeting recordings (the spec's "videos"): the uploaded media or document and what processing made of it. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from './columns';
import { organizations, users } from './auth';
import { contacts, deals, pipelines } from './crm';
import {
  RECORDING_STATUSES,
  RESPONSE_STATUSES,
  SENTIMENTS,
  TRANSCRIPT_STATUSES,
  UPLOAD_TYPES,
  type TMeetAttendee,
} from '@pipewise/contract/videos';

export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who uploaded it: decides who sees it (the uploader, everyone above them, admins). */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's address when uploaded, kept when the user is removed. */
    uploaderEmail: text('uploader_email').notNull(),
    dealId: bigint('deal_id', { mode: 'number' }).references(() => deals.id, { onDelete: 'set null' }),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    uploadType: text('upload_type').notNull(),
    /** call, email or video: the deal timeline's icon. */
    kind: text('kind').notNull().default('video'),
    meetLink: text('meet_link'),
    meetAttendees: jsonb('meet_attendees')
      .$type<TMeetAttendee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Where the media lives in storage (server-generated); null for a transcription-only record. */
    storageKey: text('storage_key'),
    mediaType: text('media_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    originalName: text('original_name'),
    status: text('status').notNull().default('uploaded'),
    /** Why processing failed, in words a user can act on. */
    error: text('error'),
    durationSeconds: integer('duration_seconds'),
    transcriptStatus: text('transcript_status').notNull().default('pending'),
    transcription: text('transcription'),
    summary: text('summary'),
    keyPoints: jsonb('key_points')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sentiment: text('sentiment'),
    /** Storage keys of the snapshot thumbnails, one every `snapshotEverySeconds`. */
    snapshotKeys: jsonb('snapshot_keys')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    snapshotEverySeconds: integer('snapshot_every_seconds'),
    /** Processing stages finished (duration, transcript, snapshots, insights): a retry resumes after them. */
    completedStages: text('completed_stages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The transcript's pieces made so far while the transcript stage runs; null otherwise. */
    transcriptPieces: jsonb('transcript_pieces').$type<TranscriptPieceRow[]>(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Whether the audio was read as two separated voices, one per channel (migration 0036); null until the speakers stage ran. */
    separateChannels: boolean('separate_channels'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recordings_org_uploader_idx').on(t.organizationId, t.uploadedBy, t.createdAt),
    index('recordings_deal_idx').on(t.dealId, t.createdAt),
    // The confidence sweep's "deals whose recordings changed in the last minutes" (migration 0035).
    index('recordings_deal_updated_idx')
      .on(t.updatedAt)
      .where(sql`deal_id is not null`),
    // The stuck-recordings sweep: the few not yet ready or failed, by when they last moved.
    index('recordings_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('uploaded', 'processing')`),
    // One video per stored file: two uploads claiming one direct upload cannot both become videos.
    uniqueIndex('recordings_storage_key_key')
      .on(t.storageKey)
      .where(sql`${t.storageKey} is not null`),
    // The header search (modules/search): titles anywhere; by their start for 1-2 characters.
    index('recordings_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('recordings_org_title_prefix_idx').on(t.organizationId, sql`lower(${t.title}) text_pattern_ops`),
    check('recordings_status_check', isOneOf(sql`${t.status}`, RECORDING_STATUSES)),
    check('recordings_upload_type_check', isOneOf(sql`${t.uploadType}`, UPLOAD_TYPES)),
    check('recordings_transcript_status_check', isOneOf(sql`${t.transcriptStatus}`, TRANSCRIPT_STATUSES)),
    check('recordings_sentiment_check', sql`${t.sentiment} is null or ${isOneOf(sql`${t.sentiment}`, SENTIMENTS)}`),
    check('recordings_kind_check', isOneOf(sql`${t.kind}`, ['call', 'email', 'video'])),
  ],
);

/**
 * Direct uploads handed out by generate-presigned-url, kept until their upload_key has expired:
 * the bytes of one that never became a video are then removed from storage (the recording.remove-unclaimed-uploads job).
 */
export const directUploads = pgTable(
  'direct_uploads',
  {
    storageKey: text('storage_key').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** When its upload_key stops being accepted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('direct_uploads_expires_at_idx').on(t.expiresAt)],
);

/**
 * A transcript's segments (migration 0031): one cue or speaker turn each, in order, with its start and end in
 * seconds (null where the file gave no times) and the speaker label the file or the speech-to-text server gave
 * (null: nobody named). `recordings.transcription` keeps the whole text; these keep who said what, and when.
 */
export const recordingSegments = pgTable(
  'recording_segments',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    startSeconds: real('start_seconds'),
    endSeconds: real('end_seconds'),
    speaker: text('speaker'),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ name: 'recording_segments_pkey', columns: [t.recordingId, t.seq] }),
    // Ask what was said: English stems of every segment's words.
    index('recording_segments_words_idx').using('gin', sql`to_tsvector('english', ${t.text})`),
    check(
      'recording_segments_times_check',
      sql`${t.startSeconds} is null or (${t.startSeconds} >= 0 and (${t.endSeconds} is null or ${t.endSeconds} >= ${t.startSeconds}))`,
    ),
  ],
);

export const PARTICIPANT_SOURCES = ['upload', 'call', 'transcript', 'edited'] as const;

/**
 * Who was on a recorded call (migration 0031): from the upload dialog, the matching calendar call, the
 * transcript's named speakers, or a correction on the meeting page. Matched to a workspace user or a contact
 * where one is known; `speakerLabel` is the transcript's label ("Kaveri Rao", "Speaker 2") mapped to them.
 */
export const recordingParticipants = pgTable(
  'recording_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    responseStatus: text('response_status'),
    organizer: boolean('organizer').notNull().default(false),
    source: text('source').notNull(),
    speakerLabel: text('speaker_label'),
    createdAt: createdAt(),
  },
  (t) => [
    index('recording_participants_recording_idx').on(t.recordingId),
    index('recording_participants_created_idx').on(t.createdAt),
    index('recording_participants_user_idx')
      .on(t.userId)
      .where(sql`user_id is not null`),
    index('recording_participants_contact_idx')
      .on(t.contactId)
      .where(sql`contact_id is not null`),
    uniqueIndex('recording_participants_email_key')
      .on(t.recordingId, sql`lower(${t.email})`)
      .where(sql`email is not null`),
    check('recording_participants_named_check', sql`${t.name} is not null or ${t.email} is not null`),
    check('recording_participants_source_check', isOneOf(sql`${t.source}`, PARTICIPANT_SOURCES)),
    check(
      'recording_participants_response_check',
      sql`${t.responseStatus} is null or ${isOneOf(sql`${t.responseStatus}`, RESPONSE_STATUSES)}`,
    ),
  ],
);

export const VOICE_CHANNELS = ['left', 'right'] as const;

/**
 * Who spoke when on a stereo recording with one voice per channel (migration 0036): the stretches where each
 * channel's voice-activity detection heard speech, in time order.
 */
export const recordingVoiceTurns = pgTable(
  'recording_voice_turns',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    channel: text('channel').notNull(),
    startSeconds: real('start_seconds').notNull(),
    endSeconds: real('end_seconds').notNull(),
  },
  (t) => [
    primaryKey({ name: 'recording_voice_turns_pkey', columns: [t.recordingId, t.seq] }),
    check('recording_voice_turns_channel_check', isOneOf(sql`${t.channel}`, VOICE_CHANNELS)),
    check('recording_voice_turns_times_check', sql`${t.startSeconds} >= 0 and ${t.endSeconds} >= ${t.startSeconds}`),
  ],
);
