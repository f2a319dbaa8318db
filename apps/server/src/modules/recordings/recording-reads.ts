import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { allWords, ranked, type MatchTerms } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

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

export function createRecordingReads(db: DbOrTx) {
  return {
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
  };
}

export type RecordingReads = ReturnType<typeof createRecordingReads>;
