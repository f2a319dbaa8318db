import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RESPONSE_STATUSES } from '@pipewise/contract/videos';
import { execute, type DbOrTx } from '../../db/client';
import { recordingParticipants, recordingSegments } from '../../db/schema/recordings';

export type ParticipantRow = typeof recordingParticipants.$inferSelect;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export type NewParticipant = {
  name: string | null;
  email: string | null;
  userId: string | null;
  contactId: string | null;
  responseStatus: ResponseStatus | null;
  organizer: boolean;
  source: ParticipantRow['source'];
  speakerLabel?: string | null;
};
export type ParticipantChange = Partial<
  Pick<ParticipantRow, 'name' | 'email' | 'userId' | 'contactId' | 'responseStatus' | 'speakerLabel'>
> & {
  source?: ParticipantRow['source'];
};

/** The recording_participants rows of one recording (issue 30, item 1); the recordings module owns the table. */
export function createParticipantsRepo(db: DbOrTx) {
  const ofRecording = (recordingId: string) => eq(recordingParticipants.recordingId, recordingId);
  return {
    list(recordingId: string): Promise<ParticipantRow[]> {
      return db
        .select()
        .from(recordingParticipants)
        .where(ofRecording(recordingId))
        .orderBy(desc(recordingParticipants.organizer), asc(recordingParticipants.createdAt), asc(recordingParticipants.id));
    },

    async find(recordingId: string, id: string): Promise<ParticipantRow | null> {
      const [row] = await db
        .select()
        .from(recordingParticipants)
        .where(and(ofRecording(recordingId), eq(recordingParticipants.id, id)));
      return row ?? null;
    },

    /**
     * Adds participants; one whose address is already on the recording is kept as it is, except that
     * a call's answer (response, organizer) and a missing name or match are filled in, unless a
     * person corrected that participant on the meeting page.
     */
    async add(organizationId: string, recordingId: string, rows: NewParticipant[]): Promise<void> {
      // One row per address: an insert may not touch the same participant twice.
      const seen = new Set<string>();
      rows = rows.filter((r) => !r.email || (!seen.has(r.email.toLowerCase()) && seen.add(r.email.toLowerCase())));
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${organizationId}::uuid, ${recordingId}::uuid, ${r.name}, ${r.email}, ${r.userId}::uuid, ${r.contactId}::uuid,
              ${r.responseStatus}, ${r.organizer}, ${r.source}, ${r.speakerLabel ?? null})`,
        ),
        sql`, `,
      );
      // The conflict target is the expression index (recording, lower(email)), which drizzle's builder cannot name.
      await execute(
        db,
        sql`insert into recording_participants as p
          (organization_id, recording_id, name, email, user_id, contact_id, response_status, organizer, source, speaker_label)
        values ${values}
        on conflict (recording_id, lower(email)) where email is not null do update set
          name = coalesce(p.name, excluded.name),
          user_id = coalesce(p.user_id, excluded.user_id),
          contact_id = coalesce(p.contact_id, excluded.contact_id),
          response_status = case when excluded.source = 'call' then excluded.response_status else p.response_status end,
          organizer = p.organizer or excluded.organizer
        where p.source <> 'edited'`,
      );
    },

    /** false when the participant is not on the recording. */
    async update(recordingId: string, id: string, change: ParticipantChange): Promise<boolean> {
      const rows = await db
        .update(recordingParticipants)
        .set(change)
        .where(and(ofRecording(recordingId), eq(recordingParticipants.id, id)))
        .returning({ id: recordingParticipants.id });
      return rows.length > 0;
    },

    async remove(recordingId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(recordingParticipants)
        .where(and(ofRecording(recordingId), eq(recordingParticipants.id, id)))
        .returning({ id: recordingParticipants.id });
      return rows.length > 0;
    },

    /** The speaker labels of the recording's transcript segments, in the order they first speak. */
    async speakerLabels(recordingId: string): Promise<string[]> {
      const rows = await execute<{ speaker: string }>(
        db,
        sql`select s.speaker from ${recordingSegments} s
        where s.recording_id = ${recordingId} and s.speaker is not null and btrim(s.speaker) <> ''
        group by s.speaker order by min(s.seq) limit 200`,
      );
      return rows.map((r) => r.speaker);
    },
  };
}

export type ParticipantsRepo = ReturnType<typeof createParticipantsRepo>;
