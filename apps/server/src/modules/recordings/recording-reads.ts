import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import {
  allWords,
  anyOf,
  companyFilter,
  HEADLINE,
  inUuids,
  RANKED_CANDIDATES,
  ranked,
  tsQuery,
  type MatchTerms,
} from '../../db/ranked-match';
import { afterCursor, timelineAt, type TimelineKey } from '../../db/timeline-page';
import { scope, type Viewer } from '../access/scopes';

/** A recording's rank in the activity timeline at the same instant (below history and notes). */
const RECORDING_RANK = 2;

/**
 * The recordings module's reads for other modules (the header search, the assistant): only this
 * module writes SQL against recordings. Each read takes the caller and composes the access scopes.
 */

/** A recording the assistant's model found by words; its deal only when the caller sees it. */
export type RecordingMatch = {
  id: string;
  title: string;
  recordedAt: string;
  dealId: number | null;
  dealname: string | null;
  summary: string | null;
  excerpt: string | null;
};

/** A recorded meeting as an answer names it. */
export type MeetingLine = {
  id: string;
  title: string;
  summary: string | null;
  keyPoints: string[];
  sentiment: string | null;
  /** ISO instant: when it was recorded, else uploaded. */
  at: string;
  dealId: number | null;
  dealName: string | null;
  company: string | null;
};

/** A recording a full-text search found, with the words around the match. */
export type MeetingHit = MeetingLine & { snippet: string };

type MeetingRow = {
  id: string;
  title: string;
  summary: string | null;
  key_points: string[] | null;
  sentiment: string | null;
  at: string;
  deal_id: string | number | null;
  deal_name: string | null;
  company: string | null;
};

const toMeeting = (r: MeetingRow): MeetingLine => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  keyPoints: Array.isArray(r.key_points) ? r.key_points.filter((k): k is string => typeof k === 'string') : [],
  sentiment: r.sentiment,
  at: r.at,
  dealId: r.deal_id === null ? null : Number(r.deal_id),
  dealName: r.deal_name,
  company: r.company,
});

/** The transcript text a snippet is cut from (ts_headline reparses it). */
const SNIPPET_SOURCE_CHARS = 100_000;

/** A recording as call suggestions read it. */
export type CallRecording = {
  id: string;
  organizationId: string;
  title: string;
  dealId: number | null;
  at: string;
  uploadedBy: string | null;
};
/** One channel's stretch of speech on a stereo recording, in seconds from the start. */
export type VoiceTurn = { channel: 'left' | 'right'; start: number; end: number };
/** One transcript segment: who said it, from when. */
export type CallSegment = { seq: number; startSeconds: number; speaker: string | null; text: string };
type CallRow = {
  id: string;
  organization_id: string;
  title: string;
  deal_id: string | number | null;
  at: string;
  uploaded_by: string | null;
};
const callColumns = sql`select r.id, r.organization_id, r.title, r.deal_id, r.uploaded_by,
  to_char(coalesce(r.recorded_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, r.transcription, u.time_zone
  from recordings r left join users u on u.id = r.uploaded_by`;
const toCall = (r: CallRow): CallRecording => ({
  id: r.id,
  organizationId: r.organization_id,
  title: r.title,
  dealId: r.deal_id === null ? null : Number(r.deal_id),
  at: r.at,
  uploadedBy: r.uploaded_by,
});

/** Who was on a call: people by name (lower case; a single word matches a first name too), users or contacts by id. */
export type PersonOnCall = { names: string[]; userIds: string[]; contactIds: string[] };
/** A call someone was on: `person` is that someone as the participants list names them. */
export type CallWithPerson = { id: string; title: string; at: string; person: string | null };

/** `column` holds one of the names, or (a single-word name) a full name starting with it. */
function nameIs(column: SQL, names: string[]): SQL {
  return sql`(${anyOf(
    names.flatMap((n) => [
      sql`lower(${column}) = ${n}`,
      ...(n.includes(' ') ? [] : [sql`lower(${column}) like ${`${n.replace(/[\\%_]/g, (c) => `\\${c}`)} %`}`]),
    ]),
  )})`;
}
/** A recording as its call statistics read it (coaching). */
export type CallForStats = {
  id: string;
  organizationId: string;
  uploadedBy: string | null;
  uploaderName: string | null;
  /** When it took place: recorded, else uploaded. */
  recordedAt: Date;
  status: string;
  transcriptStatus: string;
  durationSeconds: number | null;
  /** Whether the audio was read as two separated voices (null: not known yet). */
  separateChannels: boolean | null;
  segments: { start: number | null; end: number | null; speaker: string | null; text: string }[];
  participants: { name: string | null; userId: string | null; contactId: string | null; speakerLabel: string | null }[];
};

export function createRecordingReads(db: DbOrTx) {
  /** Recordings (as `r`) the caller sees: the uploader's, everyone above them, the workspace's admins. */
  const recordingScope = (caller: Viewer): SQL => scope.recordings(caller, 'r');

  const meetingColumns = sql`r.id, r.title, r.summary, r.key_points, r.sentiment,
    to_char(coalesce(r.recorded_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
    d.id as deal_id, d.dealname as deal_name, c.name as company`;

  const reads = {
    /** The latest recordings of the accounts' deals (deals the caller sees too), newest first. */
    async latestForCompanies(caller: Viewer, companyIds: string[], limit: number): Promise<MeetingLine[]> {
      const rows = await execute<MeetingRow>(
        db,
        sql`
        select ${meetingColumns} from recordings r join deals d on d.id = r.deal_id left join companies c on c.id = d.company_id
        where ${recordingScope(caller)} and ${scope.deals(caller, 'd')} ${companyFilter(sql`d.company_id`, companyIds)}
        order by coalesce(r.recorded_at, r.created_at) desc, r.id desc limit ${limit}`,
      );
      return rows.map(toMeeting);
    },

    /**
     * Full-text search over the recordings the caller sees (optionally of the accounts' deals), best
     * first among the first matches the index yields; the deal shown only when the caller sees it.
     */
    async fullTextSearch(
      caller: Viewer,
      text: string,
      anyWord: boolean,
      companyIds: string[] | null,
      limit: number,
    ): Promise<MeetingHit[]> {
      const rows = await execute<MeetingRow & { snippet: string }>(
        db,
        sql`
        with q as (select ${tsQuery(text, anyWord)} as q),
        m as (select r.id from recordings r left join deals d on d.id = r.deal_id, q
              where ${recordingScope(caller)} and r.search_vector @@ q.q ${companyFilter(sql`d.company_id`, companyIds)}
              limit ${RANKED_CANDIDATES}),
        top as (select r.id, ts_rank_cd(r.search_vector, q.q) as rank from recordings r join m on m.id = r.id, q
                order by rank desc, r.created_at desc limit ${limit})
        select ${meetingColumns}, top.rank,
          ts_headline('english', left(concat_ws(' ', r.summary, r.transcription), ${SNIPPET_SOURCE_CHARS}), q.q, ${HEADLINE}) as snippet
        from top join recordings r on r.id = top.id left join deals d on d.id = r.deal_id and ${scope.deals(caller, 'd')}
        left join companies c on c.id = d.company_id, q
        order by top.rank desc, r.created_at desc`,
      );
      return rows.map((r) => ({ ...toMeeting(r), snippet: r.snippet }));
    },

    /**
     * The header search's statement for recordings (uploader's team) by title: at most `limit`
     * rows of (id, title, source 'recording', at, rank, sort_label), not yet in order (ranked()).
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      return ranked(
        {
          select: sql`r.id, r.title, 'recording' as source, coalesce(r.recorded_at, r.created_at) as at`,
          from: sql`recordings r`,
          where: scope.recordings(v, 'r'),
          label: sql`lower(r.title)`,
        },
        t,
        limit,
      );
    },

    /**
     * Recordings the caller sees whose title, summary or transcript hold every pattern (`%word%`,
     * lower case), newest first, with the transcript around the first match of `first`.
     */
    async matchingWords(caller: Viewer, patterns: string[], first: string, limit: number): Promise<RecordingMatch[]> {
      const haystack = sql`lower(concat_ws(' ', r.title, r.summary, r.transcription))`;
      const rows = await execute<Omit<RecordingMatch, 'dealId'> & { dealId: string | number | null }>(
        db,
        sql`
        select r.id, r.title, coalesce(r.recorded_at, r.created_at)::text as "recordedAt", d.id as "dealId", d.dealname, r.summary,
          case when strpos(lower(coalesce(r.transcription, '')), ${first}) > 0
            then substr(r.transcription, greatest(1, strpos(lower(r.transcription), ${first}) - 150), 400) end as excerpt
        from recordings r left join deals d on d.id = r.deal_id and ${scope.deals(caller, 'd')}
        where ${scope.recordings(caller, 'r')} and ${allWords(haystack, patterns)}
        order by coalesce(r.recorded_at, r.created_at) desc, r.id limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, dealId: r.dealId === null ? null : Number(r.dealId) }));
    },

    /**
     * The recordings of a deal, or of a company's deals, that the viewer sees (on deals they see),
     * after `cursor`, newest first (by upload, as the deal's timeline orders them): the activity timeline's.
     */
    async forTimeline(viewer: Viewer, of: { dealId: number } | { companyId: string }, cursor: TimelineKey | null, limit: number) {
      const target = 'dealId' in of ? sql`d.id = ${of.dealId}` : sql`d.company_id = ${of.companyId}`;
      const rows = await execute<{ id: string; at: string; kind: string; title: string; description: string | null; deal_id: string }>(
        db,
        sql`
        select r.id::text as id, ${timelineAt(sql`r.created_at`)} as at, r.kind, r.title, coalesce(r.description, r.summary) as description,
          r.deal_id
        from recordings r join deals d on d.id = r.deal_id
        where ${target} and ${scope.deals(viewer, 'd')} and ${recordingScope(viewer)}
          and ${afterCursor(cursor, RECORDING_RANK, sql`r.created_at`, sql`r.id::text`)}
        order by r.created_at desc, r.id::text collate "C" desc limit ${limit}`,
      );
      return rows.map((r) => ({
        key: { at: r.at, rank: RECORDING_RANK, id: r.id },
        type: (['call', 'email', 'video'].includes(r.kind) ? r.kind : 'video') as 'call' | 'email' | 'video',
        title: r.title,
        description: r.description,
        dealId: Number(r.deal_id),
      }));
    },

    /** A recording the caller sees (null otherwise), as call suggestions need it: its deal, title, when it took place. */
    async callOf(caller: Viewer, recordingId: string): Promise<CallRecording | null> {
      const [row] = await execute<CallRow>(db, sql`${callColumns} where r.id = ${recordingId} and ${recordingScope(caller)}`);
      return row ? toCall(row) : null;
    },

    /** The recordings among `ids` the caller sees, as call suggestions list them. */
    async callsOf(caller: Viewer, ids: string[]): Promise<CallRecording[]> {
      if (ids.length === 0) return [];
      const rows = await execute<CallRow>(
        db,
        sql`${callColumns} where r.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${recordingScope(caller)}`,
      );
      return rows.map(toCall);
    },

    /**
     * The calls the caller sees that someone was on, newest first ("the call with Kaveri"): a participant named so
     * (or whose speaker label is), or mapped to the user or contact. The participants step lists every named speaker
     * of a transcript, so the segments themselves are not scanned.
     */
    async callsWithPerson(caller: Viewer, who: PersonOnCall, limit: number): Promise<CallWithPerson[]> {
      const participant = sql`(${nameIs(sql`p.name`, who.names)} or ${nameIs(sql`p.speaker_label`, who.names)}
        or ${inUuids(sql`p.user_id`, who.userIds)} or ${inUuids(sql`p.contact_id`, who.contactIds)})`;
      return execute<CallWithPerson>(
        db,
        sql`
        select r.id::text as id, r.title,
          to_char(coalesce(r.recorded_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
          (select coalesce(p.name, p.speaker_label) from recording_participants p where p.recording_id = r.id and ${participant}
           order by p.name is null limit 1) as person
        from recordings r
        where ${recordingScope(caller)}
          and exists (select 1 from recording_participants p where p.recording_id = r.id and ${participant})
        order by coalesce(r.recorded_at, r.created_at) desc, r.id desc limit ${limit}`,
      );
    },

    /**
     * A recording as the suggestions job reads it (no caller: the job runs for the system): its deal, when
     * it took place, the uploader's zone and the workspace's people, and its transcript's segments in order.
     */
    async callForExtraction(
      recordingId: string,
    ): Promise<
      (CallRecording & { transcription: string | null; timeZone: string | null; segments: CallSegment[]; team: string[] }) | null
    > {
      const [row] = await execute<CallRow & { transcription: string | null; time_zone: string | null }>(
        db,
        sql`${callColumns} where r.id = ${recordingId} and r.status = 'ready'`,
      );
      if (!row) return null;
      const segments = await execute<{ seq: number; start_seconds: number | null; speaker: string | null; text: string }>(
        db,
        sql`select seq, start_seconds, speaker, text from recording_segments where recording_id = ${recordingId} order by seq`,
      );
      const team = await execute<{ name: string }>(
        db,
        sql`select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name from users
            where organization_id = ${row.organization_id} and trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) <> ''`,
      );
      // Speaker labels ("Speaker 1") mapped to a workspace user on the meeting page are the team's voices too.
      const mapped = await execute<{ label: string }>(
        db,
        sql`select speaker_label as label from recording_participants
            where recording_id = ${recordingId} and user_id is not null and speaker_label is not null`,
      );
      return {
        ...toCall(row),
        transcription: row.transcription,
        timeZone: row.time_zone,
        segments: segments.map((s) => ({ seq: s.seq, startSeconds: s.start_seconds ?? 0, speaker: s.speaker, text: s.text })),
        team: [...team.map((t) => t.name), ...mapped.map((m) => m.label)],
      };
    },

    /**
     * Who spoke when on a stereo recording, one voice per channel (no caller: the coaching module's statistics run for
     * the system): `separated` null until the speakers stage ran (or when no media tools could read it), false for
     * mono or two channels of one mix; each channel's turns in time order, empty unless separated.
     */
    async voiceTurns(recordingId: string): Promise<{ separated: boolean | null; turns: VoiceTurn[] }> {
      const [row] = await execute<{ separated: boolean | null }>(
        db,
        sql`select separate_channels as separated from recordings where id = ${recordingId}`,
      );
      if (!row) return { separated: null, turns: [] };
      const turns = await execute<VoiceTurn>(
        db,
        sql`select channel, start_seconds as start, end_seconds as "end" from recording_voice_turns
            where recording_id = ${recordingId} order by seq`,
      );
      return { separated: row.separated, turns: turns.map((t) => ({ channel: t.channel, start: Number(t.start), end: Number(t.end) })) };
    },

    /**
     * A recording as its call statistics read it (coaching; no caller: the job runs for the system): its
     * workspace, uploader, time, state, media length and stereo separation, its transcript's segments in
     * order (a transcript without segments as one untimed piece) and its participants with their speaker labels.
     */
    async callForStats(recordingId: string): Promise<CallForStats | null> {
      return (await reads.callsForStats([recordingId]))[0] ?? null;
    },

    /** `callForStats` of several recordings at once (three statements), in the order of `ids`. */
    async callsForStats(ids: string[]): Promise<CallForStats[]> {
      if (ids.length === 0) return [];
      const list = `{${ids.join(',')}}`;
      const rows = await execute<{
        id: string;
        organization_id: string;
        uploaded_by: string | null;
        uploader_name: string | null;
        at: string;
        status: string;
        transcript_status: string;
        transcription: string | null;
        duration_seconds: number | null;
        separate_channels: boolean | null;
      }>(
        db,
        sql`select r.id, r.organization_id, r.uploaded_by,
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as uploader_name,
          coalesce(r.recorded_at, r.created_at) as at, r.status, r.transcript_status, r.transcription, r.duration_seconds,
          r.separate_channels
        from recordings r left join users u on u.id = r.uploaded_by where r.id = any(${list}::uuid[])`,
      );
      const segments = await execute<{
        recording_id: string;
        start_seconds: number | null;
        end_seconds: number | null;
        speaker: string | null;
        text: string;
      }>(
        db,
        sql`select recording_id, start_seconds, end_seconds, speaker, text from recording_segments
            where recording_id = any(${list}::uuid[]) order by recording_id, seq`,
      );
      const participants = await execute<{
        recording_id: string;
        name: string | null;
        user_id: string | null;
        contact_id: string | null;
        speaker_label: string | null;
      }>(
        db,
        sql`select recording_id, name, user_id, contact_id, speaker_label from recording_participants
            where recording_id = any(${list}::uuid[]) order by recording_id, organizer desc, created_at, id`,
      );
      const group = <T extends { recording_id: string }>(xs: T[]) => {
        const by = new Map<string, T[]>();
        for (const x of xs) by.set(x.recording_id, [...(by.get(x.recording_id) ?? []), x]);
        return by;
      };
      const segmentsOf = group(segments);
      const participantsOf = group(participants);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id): CallForStats[] => {
        const row = byId.get(id);
        if (!row) return [];
        const text = row.transcription?.trim() ?? '';
        const own = segmentsOf.get(id) ?? [];
        return [
          {
            id: row.id,
            organizationId: row.organization_id,
            uploadedBy: row.uploaded_by,
            uploaderName: row.uploader_name,
            recordedAt: new Date(row.at),
            status: row.status,
            transcriptStatus: row.transcript_status,
            durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
            separateChannels: row.separate_channels,
            segments: own.length
              ? own.map((s) => ({
                  start: s.start_seconds === null ? null : Number(s.start_seconds),
                  end: s.end_seconds === null ? null : Number(s.end_seconds),
                  speaker: s.speaker?.trim() ? s.speaker : null,
                  text: s.text,
                }))
              : text
                ? [{ start: null, end: null, speaker: null, text }]
                : [],
            participants: (participantsOf.get(id) ?? []).map((p) => ({
              name: p.name,
              userId: p.user_id,
              contactId: p.contact_id,
              speakerLabel: p.speaker_label,
            })),
          },
        ];
      });
    },

    /** A page of a workspace's recording ids after `after` (in id order): the coaching module recomputes them in batches. */
    async workspaceRecordingIds(organizationId: string, after: string | null, limit: number): Promise<string[]> {
      const rows = await execute<{ id: string }>(
        db,
        sql`select id from recordings where organization_id = ${organizationId} ${after ? sql`and id > ${after}::uuid` : sql``}
            order by id limit ${limit}`,
      );
      return rows.map((r) => r.id);
    },

    /** A ready recording's uploader, workspace, title and summary: what its "insights ready" notice says, and to whom. */
    async readyNotice(
      recordingId: string,
    ): Promise<{ organizationId: string; uploadedBy: string; title: string; summary: string | null } | null> {
      const [row] = await execute<{ organizationId: string; uploadedBy: string; title: string; summary: string | null }>(
        db,
        sql`select r.organization_id as "organizationId", r.uploaded_by as "uploadedBy", r.title, r.summary
        from recordings r where r.id = ${recordingId} and r.status = 'ready' and r.uploaded_by is not null`,
      );
      return row ?? null;
    },
  };
  return reads;
}

export type RecordingReads = ReturnType<typeof createRecordingReads>;
