import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { scope } from '../../access/scopes';
import type { DealSetRepo } from './deal-set-repo';
import type { MeetingLine, MeetingsRepo } from './meetings-repo';

export type MeetingHit = MeetingLine & { snippet: string };
export type DealHit = { id: number; dealname: string; company: string | null; amount: string | null; stage: string; snippet: string };

/**
 * How many matches are ranked: a common word can match a large share of the deals, and ranking
 * reads every match's vector. The first matches the index yields are ranked instead; any of them
 * is a real match, only the order among very many matches is approximate.
 */
const RANKED_CANDIDATES = 300;
/** The transcript text a snippet is cut from (ts_headline reparses it). */
const SNIPPET_SOURCE_CHARS = 100_000;
const HEADLINE = 'MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

/** The tsquery of `text`: all words (web-search syntax: quotes, OR, -word) or, with `anyWord`, any of them. */
export function tsQuery(text: string, anyWord: boolean): SQL {
  return anyWord
    ? sql`(select coalesce(nullif(replace(plainto_tsquery('english', ${text})::text, '&', '|'), ''), '')::tsquery)`
    : sql`websearch_to_tsquery('english', ${text})`;
}

/** Full-text search over the meetings and deals the caller may see. */
export function createSearchRepo(
  db: DbOrTx,
  deps: { deals: Pick<DealSetRepo, 'scopeOf'>; meetings: Pick<MeetingsRepo, 'recordingScope' | 'meetingColumns' | 'toMeeting'> },
) {
  const companyFilter = (column: SQL, companyIds: string[] | null) =>
    companyIds
      ? companyIds.length
        ? sql`and ${column} in (${sql.join(
            companyIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`and false`
      : sql``;

  return {
    async meetings(caller: Caller, text: string, anyWord: boolean, companyIds: string[] | null, limit: number): Promise<MeetingHit[]> {
      const rows = await execute<Parameters<MeetingsRepo['toMeeting']>[0] & { snippet: string }>(
        db,
        sql`
        with q as (select ${tsQuery(text, anyWord)} as q),
        m as (select r.id from recordings r left join deals d on d.id = r.deal_id, q
              where ${deps.meetings.recordingScope(caller)} and r.search_vector @@ q.q ${companyFilter(sql`d.company_id`, companyIds)} limit ${RANKED_CANDIDATES}),
        top as (select r.id, ts_rank_cd(r.search_vector, q.q) as rank from recordings r join m on m.id = r.id, q order by rank desc, r.created_at desc limit ${limit})
        select ${deps.meetings.meetingColumns}, top.rank,
          ts_headline('english', left(concat_ws(' ', r.summary, r.transcription), ${SNIPPET_SOURCE_CHARS}), q.q, ${HEADLINE}) as snippet
        from top join recordings r on r.id = top.id left join deals d on d.id = r.deal_id and ${scope.deals(caller, 'd')}
        left join companies c on c.id = d.company_id, q
        order by top.rank desc, r.created_at desc`,
      );
      return rows.map((r) => ({ ...deps.meetings.toMeeting(r), snippet: r.snippet }));
    },

    async deals(caller: Caller, text: string, anyWord: boolean, companyIds: string[] | null, limit: number): Promise<DealHit[]> {
      const scope = deps.deals.scopeOf(caller) ?? sql`true`;
      const rows = await execute<{
        id: string | number;
        dealname: string;
        company: string | null;
        amount: string | null;
        stage: string;
        snippet: string;
      }>(
        db,
        sql`
        with q as (select ${tsQuery(text, anyWord)} as q),
        m as (select d.id from deals d, q where d.organization_id = ${caller.organizationId} and ${scope} and d.search_vector @@ q.q ${companyFilter(sql`d.company_id`, companyIds)} limit ${RANKED_CANDIDATES}),
        top as (select d.id, ts_rank_cd(d.search_vector, q.q) as rank from deals d join m on m.id = d.id, q order by rank desc, d.id desc limit ${limit})
        select d.id, d.dealname, c.name as company, d.amount::text as amount, s.label as stage,
          ts_headline('english', concat_ws(' ', d.nextsteps, d.kdm, d.painpoints, d.summary), q.q, ${HEADLINE}) as snippet
        from top join deals d on d.id = top.id join pipeline_stages s on s.id = d.stage_id left join companies c on c.id = d.company_id, q
        order by top.rank desc, d.id desc`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        dealname: r.dealname,
        company: r.company,
        amount: r.amount,
        stage: r.stage,
        snippet: r.snippet,
      }));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
