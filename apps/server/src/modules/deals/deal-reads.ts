import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { allWords, inOrder, ranked, type MatchTerms } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/**
 * The deals module's reads for other modules (the header search, the assistant): only this module
 * writes SQL against deals, deal_search, pipelines, stages and stakeholders. Each read takes the
 * caller and composes the access module's deal scope.
 */

/** A header search hit: a deal by name. */
export type DealSearchRow = { id: string | number; dealname: string; stage_label: string; amount: string | null };

/** A deal the assistant's model found by words, with what it shows. */
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

export function createDealReads(db: DbOrTx) {
  return {
    /**
     * The header search's statement for deals by name, read from deal_search (narrow rows,
     * trigram index on search_text), `limit` rows of DealSearchRow in rank order.
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      const label = sql`lower(d.dealname)`;
      return inOrder(
        ranked(
          {
            select: sql`d.id, d.dealname, (select st.label from pipeline_stages st where st.id = d.stage_id) as stage_label,
              d.amount::text as amount`,
            from: sql`deal_search d`,
            where: scope.deals(v, 'd'),
            label,
            // search_text also holds next steps and KDM: the index finds candidates, the name decides.
            anywhere: sql`d.search_text like ${t.anywhere} and ${label} like ${t.anywhere}`,
          },
          t,
          limit,
        ),
        limit,
      );
    },

    /**
     * Deals the caller sees whose name, next steps, KDM or pain points hold every pattern
     * (`%word%`, lower case), most recently updated first.
     */
    async matchingWords(caller: Viewer, patterns: string[], limit: number): Promise<DealMatch[]> {
      const haystack = sql`lower(concat_ws(' ', d.dealname, d.nextsteps, d.kdm, d.painpoints))`;
      const rows = await execute<Omit<DealMatch, 'id'> & { id: string | number }>(
        db,
        sql`
        select d.id, d.dealname, c.name as company, s.label as stage, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as owner,
          d.amount::text as amount, d.closedate::text as closedate, d.nextsteps, d.kdm, d.painpoints
        from deals d join pipeline_stages s on s.id = d.stage_id left join companies c on c.id = d.company_id
          left join users u on u.id = d.owner_id
        where ${scope.deals(caller, 'd')} and ${allWords(haystack, patterns)}
        order by d.updated_at desc, d.id desc limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}

export type DealReads = ReturnType<typeof createDealReads>;
