import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { TVideoDealOption } from '@pipewise/contract/videos';
import { execute, type DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { deals } from '../../db/schema/crm';
import { directUploads, recordingParticipants, recordings, recordingSegments } from '../../db/schema/recordings';
import { scope, type Viewer } from '../access/scopes';

/** A participant as a recording is read with (issue 30): its meet_attendees are built from them. */
export type ParticipantLine = {
  id: string;
  name: string | null;
  email: string | null;
  user_id: string | null;
  contact_id: string | null;
  response_status: string | null;
  organizer: boolean;
  speaker_label: string | null;
};

/** One recording with what it is shown with: the uploader's name, the deal's name and the participants. */
export type RecordingRecord = typeof recordings.$inferSelect & {
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  dealName: string | null;
  participants: ParticipantLine[];
};

/** What the participants step works from: the workspace, the deal, when it was recorded, and the uploader to see as. */
export type RecordingSubject = {
  organizationId: string;
  dealId: number | null;
  at: Date;
  uploader: { id: string; organizationId: string; role: string; email: string } | null;
};

/** The recording's participants, organizer first, as JSON (one small subquery per recording read). */
const participantsJson = sql<ParticipantLine[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'name', p.name, 'email', p.email, 'user_id', p.user_id, 'contact_id', p.contact_id,
    'response_status', p.response_status, 'organizer', p.organizer, 'speaker_label', p.speaker_label)
    order by p.organizer desc, p.created_at, p.id)
  from recording_participants p where p.recording_id = ${recordings.id}), '[]'::json)`;
export type NewRecording = typeof recordings.$inferInsert;
export type Page = { limit: number; offset: number };

/** Recordings and the deals they can be filed under, always within the viewer's workspace. */
export function createRecordingsRepo(db: DbOrTx) {
  const selectRecords = (viewer: Viewer) =>
    db
      .select({
        ...getTableColumns(recordings),
        uploaderFirstName: users.firstName,
        uploaderLastName: users.lastName,
        dealName: deals.dealname,
        participants: participantsJson,
      })
      .from(recordings)
      .leftJoin(users, eq(users.id, recordings.uploadedBy))
      // The deal's name only when the viewer sees the deal (it may have changed hands since).
      .leftJoin(deals, and(eq(deals.id, recordings.dealId), scope.deals(viewer)));

  /** What the viewer may see: the uploader's, everyone above them, and the workspace's admins. */
  const visibleTo = (viewer: Viewer): SQL => scope.recordings(viewer);

  const list = (viewer: Viewer, where: SQL | undefined, page: Page) =>
    selectRecords(viewer).where(where).orderBy(desc(recordings.createdAt), desc(recordings.id)).limit(page.limit).offset(page.offset);

  return {
    visibleTo,
    async findVisible(viewer: Viewer, id: string): Promise<RecordingRecord | null> {
      const [row] = await selectRecords(viewer).where(and(visibleTo(viewer), eq(recordings.id, id)));
      return row ?? null;
    },
    /** The participants step's view of a recording (no caller: it runs in the processing job). */
    async subjectOf(id: string): Promise<RecordingSubject | null> {
      const [row] = await db
        .select({
          organizationId: recordings.organizationId,
          dealId: recordings.dealId,
          recordedAt: recordings.recordedAt,
          createdAt: recordings.createdAt,
          uploaderId: users.id,
          uploaderOrg: users.organizationId,
          uploaderRole: users.role,
          uploaderEmail: users.email,
        })
        .from(recordings)
        .leftJoin(users, eq(users.id, recordings.uploadedBy))
        .where(eq(recordings.id, id));
      if (!row) return null;
      const uploader =
        row.uploaderId && row.uploaderOrg && row.uploaderRole && row.uploaderEmail
          ? { id: row.uploaderId, organizationId: row.uploaderOrg, role: row.uploaderRole, email: row.uploaderEmail }
          : null;
      return { organizationId: row.organizationId, dealId: row.dealId, at: row.recordedAt ?? row.createdAt, uploader };
    },

    uploadedBy: (viewer: Viewer, page: Page) =>
      list(viewer, and(eq(recordings.organizationId, viewer.organizationId), eq(recordings.uploadedBy, viewer.id)), page),

    /** Everyone below the viewer at any depth; for an admin, everyone else in the workspace (access `scope.teamRecordings`). */
    below: (viewer: Viewer, page: Page): Promise<RecordingRecord[]> => list(viewer, scope.teamRecordings(viewer), page),

    forDeal: (viewer: Viewer, dealId: number, page: Page) => list(viewer, and(visibleTo(viewer), eq(recordings.dealId, dealId)), page),

    /** A recording's transcript segments in order (the caller has checked the recording is visible). */
    segmentsOf: (recordingId: string) =>
      db
        .select({
          seq: recordingSegments.seq,
          start: recordingSegments.startSeconds,
          end: recordingSegments.endSeconds,
          speaker: recordingSegments.speaker,
          text: recordingSegments.text,
        })
        .from(recordingSegments)
        .where(eq(recordingSegments.recordingId, recordingId))
        .orderBy(recordingSegments.seq),

    /** The participants a transcript's speaker labels are mapped to. */
    speakersOf: (recordingId: string) =>
      db
        .select({
          id: recordingParticipants.id,
          label: recordingParticipants.speakerLabel,
          name: recordingParticipants.name,
          email: recordingParticipants.email,
        })
        .from(recordingParticipants)
        .where(and(eq(recordingParticipants.recordingId, recordingId), sql`${recordingParticipants.speakerLabel} is not null`))
        .orderBy(recordingParticipants.createdAt, recordingParticipants.id),

    async delete(organizationId: string, id: string): Promise<void> {
      await db.delete(recordings).where(and(eq(recordings.organizationId, organizationId), eq(recordings.id, id)));
    },

    async storageKeyInUse(key: string): Promise<boolean> {
      return (await db.select({ id: recordings.id }).from(recordings).where(eq(recordings.storageKey, key)).limit(1)).length > 0;
    },

    /** Deals the viewer may see, as upload form options, optionally of one pipeline (id or label, any case). */
    async dealOptions(viewer: Viewer, pipeline: string | undefined, limit: number): Promise<TVideoDealOption[]> {
      const p = pipeline?.trim().toLowerCase();
      const byPipeline = p ? sql`(lower(p.id::text) = ${p} or lower(p.label) = ${p})` : sql`true`;
      const rows = await execute<{ id: string | number; name: string; pipeline_id: string }>(
        db,
        sql`
        select d.id, d.dealname as name, d.pipeline_id from deals d join pipelines p on p.id = d.pipeline_id
        where ${scope.deals(viewer, 'd')} and ${byPipeline}
        order by lower(d.dealname), d.id limit ${limit}`,
      );
      return rows.map((r) => ({ id: String(r.id), name: r.name, pipeline_id: r.pipeline_id }));
    },

    /** Notes a direct upload handed out (generate-presigned-url), until its upload_key expires. */
    async recordDirectUpload(organizationId: string, storageKey: string, expiresAt: Date): Promise<void> {
      await db.insert(directUploads).values({ organizationId, storageKey, expiresAt });
    },

    /** The oldest direct uploads whose upload_key expired before `before`, and whether each became a video. */
    async expiredDirectUploads(before: Date, limit: number): Promise<{ storageKey: string; claimed: boolean }[]> {
      const rows = await execute<{ storage_key: string; claimed: boolean }>(
        db,
        sql`
        select u.storage_key, exists (select 1 from recordings r where r.storage_key = u.storage_key) as claimed
        from direct_uploads u where u.expires_at < ${before.toISOString()}::timestamptz
        order by u.expires_at limit ${limit}`,
      );
      return rows.map((r) => ({ storageKey: r.storage_key, claimed: r.claimed }));
    },

    /**
     * Of these storage keys, those nothing refers to: no recording's media or snapshot, no direct
     * upload whose upload_key may still file it.
     */
    async unreferencedKeys(keys: string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const list = sql`array[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`;
      const rows = await execute<{ key: string }>(
        db,
        sql`
        select k.key from unnest(${list}) as k(key)
        where not exists (select 1 from recordings r where r.storage_key = k.key)
          and not exists (
            select 1 from recordings r
            where r.id = (case when split_part(k.key, '/', 2) ~ '^[0-9a-f-]{36}$' then split_part(k.key, '/', 2)::uuid end)
              and r.snapshot_keys ? k.key)
          and not exists (select 1 from direct_uploads u where u.storage_key = k.key)`,
      );
      return rows.map((r) => r.key);
    },

    async forgetDirectUploads(storageKeys: string[]): Promise<void> {
      if (storageKeys.length > 0) await db.delete(directUploads).where(inArray(directUploads.storageKey, storageKeys));
    },
  };
}

export type RecordingsRepo = ReturnType<typeof createRecordingsRepo>;
