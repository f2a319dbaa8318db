import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { companyFilter, inUuids } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/**
 * What was said on calls: the recordings module's read of transcript segments (migration 0031) for
 * the assistant. Only recordings the caller sees (their uploader, everyone above them, the admins),
 * and a recording's deal and company only when the caller sees the deal.
 */

/** Whose words: speakers by name (full or first), the workspace's users or contacts by id, or one side of the call. */
export type SpeakerFilter = {
  /** Lower-case names: a full name matches the speaker exactly, a single word their first name too. */
  names: string[];
  /** Workspace users: their full names, or the labels the participants list maps to them. */
  userIds: string[];
  /** Contacts mapped to a speaker label on the participants list. */
  contactIds: string[];
};

export type CallWordsQuery = {
  /**
   * The words, as groups: a segment holds a word of every group (each group's words are alternatives,
   * e.g. [['pricing', 'price', 'cost'], ['rollout']]); `anyGroup` takes a word of any group instead. Empty: any words.
   */
  groups: string[][];
  anyGroup?: boolean;
  speakers?: SpeakerFilter | null;
  /** 'customer': speakers who are none of the workspace's users; 'ours': the workspace's users. */
  side?: 'customer' | 'ours' | null;
  /** Calls on which someone of these spoke (or was mapped to a speaker on the participants list). */
  present?: SpeakerFilter | null;
  /** Recordings of these accounts' deals (deals the caller sees). */
  companyIds?: string[] | null;
  dealIds?: number[] | null;
  /** 'mine': recordings the caller uploaded; 'team': those of the people below them (an admin: everyone else's). */
  whose?: 'mine' | 'team' | null;
  /** Held in [from, to). */
  from?: Date | null;
  to?: Date | null;
  limit: number;
};

/** A segment that matched, with its call. */
export type CallWords = {
  recordingId: string;
  title: string;
  /** ISO instant the call was recorded (else uploaded). */
  at: string;
  uploadedBy: string | null;
  dealId: number | null;
  dealName: string | null;
  company: string | null;
  seq: number;
  startSeconds: number | null;
  endSeconds: number | null;
  speaker: string | null;
  /** Whether the speaker is one of the workspace's users (by name, or mapped on the participants list). */
  ours: boolean;
  text: string;
};

/** A word as to_tsquery reads it: letters and digits only, so no query syntax gets in. */
const lexeme = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The tsquery text of the groups: '(pricing | price) & rollout'; null when no word is left. */
export function groupsQuery(groups: string[][], anyGroup = false): string | null {
  const parts = groups
    .map((g) => [...new Set(g.map(lexeme).filter(Boolean))])
    .filter((g) => g.length > 0)
    .map((g) => (g.length === 1 ? g[0]! : `(${g.join(' | ')})`));
  return parts.length ? parts.join(anyGroup ? ' | ' : ' & ') : null;
}

type Row = {
  recording_id: string;
  title: string;
  at: string;
  uploaded_by: string | null;
  deal_id: string | number | null;
  deal_name: string | null;
  company: string | null;
  seq: number;
  start_seconds: number | null;
  end_seconds: number | null;
  speaker: string | null;
  ours: boolean;
  text: string;
};

export function createCallWordsReads(db: DbOrTx) {
  /** Whether the segment `s` of recording `r` was said by one of the workspace's users. */
  const saidByUser = sql`(exists (select 1 from users su where su.organization_id = r.organization_id
      and lower(su.first_name || ' ' || su.last_name) = lower(s.speaker))
    or exists (select 1 from recording_participants sp where sp.recording_id = r.id and sp.user_id is not null
      and lower(sp.speaker_label) = lower(s.speaker)))`;

  /** Whether the speaker of `alias` (a segment of recording `r`) is one of `f`. */
  function speakerMatch(f: SpeakerFilter, alias = 's'): SQL {
    const speaker = sql.raw(`${alias}.speaker`);
    const parts: SQL[] = [];
    for (const name of f.names) {
      parts.push(sql`lower(${speaker}) = ${name}`);
      if (!name.includes(' ')) parts.push(sql`lower(${speaker}) like ${`${name.replace(/[\\%_]/g, '')} %`}`);
    }
    if (f.userIds.length)
      parts.push(sql`exists (select 1 from users su where su.organization_id = r.organization_id
        and ${inUuids(sql`su.id`, f.userIds)} and lower(su.first_name || ' ' || su.last_name) = lower(${speaker}))`);
    const mapped = [
      ...(f.userIds.length ? [inUuids(sql`sp.user_id`, f.userIds)] : []),
      ...(f.contactIds.length ? [inUuids(sql`sp.contact_id`, f.contactIds)] : []),
    ];
    if (mapped.length)
      parts.push(sql`exists (select 1 from recording_participants sp where sp.recording_id = r.id
        and lower(sp.speaker_label) = lower(${speaker}) and (${sql.join(mapped, sql` or `)}))`);
    return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
  }

  return {
    /**
     * The segments the caller may see that match: full-text over each segment's words (the GIN index on
     * to_tsvector('english', text)), newest call first, in the order they were said.
     */
    async search(caller: Viewer, q: CallWordsQuery): Promise<CallWords[]> {
      const words = groupsQuery(q.groups, q.anyGroup);
      const filters: SQL[] = [sql`s.organization_id = ${caller.organizationId}`, scope.recordings(caller, 'r')];
      if (words) filters.push(sql`to_tsvector('english', s.text) @@ to_tsquery('english', ${words})`);
      if (q.speakers) filters.push(speakerMatch(q.speakers));
      if (q.present)
        filters.push(sql`(exists (select 1 from recording_segments s2 where s2.recording_id = r.id and ${speakerMatch(q.present, 's2')})
          or exists (select 1 from recording_participants pp where pp.recording_id = r.id
            and (${inUuids(sql`pp.user_id`, q.present.userIds)} or ${inUuids(sql`pp.contact_id`, q.present.contactIds)})))`);
      if (q.side === 'customer') filters.push(sql`s.speaker is distinct from null and not ${saidByUser}`);
      if (q.side === 'ours') filters.push(saidByUser);
      if (q.whose === 'mine') filters.push(sql`r.uploaded_by = ${caller.id}`);
      if (q.whose === 'team') filters.push(scope.teamRecordings(caller, 'r'));
      if (q.dealIds)
        filters.push(
          q.dealIds.length
            ? sql`d.id in (${sql.join(
                q.dealIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      if (q.from) filters.push(sql`coalesce(r.recorded_at, r.created_at) >= ${q.from.toISOString()}`);
      if (q.to) filters.push(sql`coalesce(r.recorded_at, r.created_at) < ${q.to.toISOString()}`);
      const rows = await execute<Row>(
        db,
        sql`
        select s.recording_id, r.title,
          to_char(coalesce(r.recorded_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
          r.uploaded_by, d.id as deal_id, d.dealname as deal_name, c.name as company,
          s.seq, s.start_seconds, s.end_seconds, s.speaker, ${saidByUser} as ours, s.text
        from recording_segments s join recordings r on r.id = s.recording_id
        left join deals d on d.id = r.deal_id and ${scope.deals(caller, 'd')}
        left join companies c on c.id = d.company_id
        where ${sql.join(filters, sql` and `)} ${q.companyIds ? companyFilter(sql`d.company_id`, q.companyIds) : sql``}
        order by coalesce(r.recorded_at, r.created_at) desc, r.id, s.seq
        limit ${q.limit}`,
      );
      return rows.map((r) => ({
        recordingId: r.recording_id,
        title: r.title,
        at: r.at,
        uploadedBy: r.uploaded_by,
        dealId: r.deal_id === null ? null : Number(r.deal_id),
        dealName: r.deal_name,
        company: r.company,
        seq: Number(r.seq),
        startSeconds: r.start_seconds === null ? null : Number(r.start_seconds),
        endSeconds: r.end_seconds === null ? null : Number(r.end_seconds),
        speaker: r.speaker,
        ours: Boolean(r.ours),
        text: r.text,
      }));
    },
  };
}

export type CallWordsReads = ReturnType<typeof createCallWordsReads>;
