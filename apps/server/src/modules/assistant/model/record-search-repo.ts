import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { scope } from '../../access/scopes';

export type DealMatch = {
  id: number;
  dealname: string;
  company: string | null;
  stage: string;
  owner: string | null;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
};
export type RecordingMatch = {
  id: string;
  title: string;
  recordedAt: string;
  dealId: number | null;
  dealname: string | null;
  summary: string | null;
  excerpt: string | null;
};

/** Words a model puts in a query that say what to look in, not what to look for. */
const NOISE = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'with',
  'about',
  'in',
  'on',
  'to',
  'my',
  'our',
  'deal',
  'deals',
  'meeting',
  'meetings',
  'call',
  'calls',
  'recording',
  'recordings',
]);

/** The words of a search, each matched as a substring ('%' and '_' taken literally). */
function patternsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[\s,;:!?()"]+/)
    .filter((w) => w.length > 1 && !NOISE.has(w))
    .slice(0, 8);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every word somewhere in `haystack`. */
const allWords = (haystack: SQL, patterns: string[]): SQL =>
  sql.join(
    patterns.map((p) => sql`${haystack} like ${p}`),
    sql` and `,
  );

/**
 * Substring search over the deals (name, next steps, KDM, pain points) and recordings (title,
 * summary, transcript) the caller may see, for the model's search tool. Deals: their owner is the
 * caller or below (admins: the workspace); recordings: the uploader is (the same rule as the
 * Meetings screen).
 */
export function createRecordSearchRepo(db: DbOrTx) {
  return {
    async deals(caller: Caller, text: string, limit: number): Promise<DealMatch[]> {
      const patterns = patternsOf(text);
      if (!patterns.length) return [];
      const haystack = sql`lower(concat_ws(' ', d.dealname, d.nextsteps, d.kdm, d.painpoints))`;
      const rows = await execute<Omit<DealMatch, 'id'> & { id: string | number }>(
        db,
        sql`
        select d.id, d.dealname, c.name as company, s.label as stage, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as owner,
          d.amount::text as amount, d.closedate::text as closedate, d.nextsteps, d.kdm, d.painpoints
        from deals d join pipeline_stages s on s.id = d.stage_id left join companies c on c.id = d.company_id left join users u on u.id = d.owner_id
        where ${scope.deals(caller, 'd')} and ${allWords(haystack, patterns)}
        order by d.updated_at desc, d.id desc limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async recordings(caller: Caller, text: string, limit: number): Promise<RecordingMatch[]> {
      const patterns = patternsOf(text);
      if (!patterns.length) return [];
      const haystack = sql`lower(concat_ws(' ', r.title, r.summary, r.transcription))`;
      // The transcript part shown is around the first word's first match, not the whole transcript.
      const first = patterns[0]!.slice(1, -1).replace(/\\(.)/g, '$1');
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
  };
}

export type RecordSearchRepo = ReturnType<typeof createRecordSearchRepo>;
