import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import {
  allWords,
  anyOf,
  companyFilter,
  containing,
  HEADLINE,
  inOrder,
  inUuids,
  RANKED_CANDIDATES,
  ranked,
  tsQuery,
} from '../../db/ranked-match';
import type { MatchTerms, NameCandidate } from '../../db/ranked-match';
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

/** A deal a full-text search found, with the words around the match. */
export type DealHit = { id: number; dealname: string; company: string | null; amount: string | null; stage: string; snippet: string };

/** A stakeholder of an account's deal. */
export type StakeholderLine = {
  contactId: string;
  name: string;
  jobtitle: string | null;
  position: string | null;
  dealId: number;
  dealName: string;
};

export function createDealReads(db: DbOrTx) {
  return {
    /**
     * The statement of the names of the deals the caller sees, as rows of (kind 'deal', id, label,
     * alias null, own: the caller owns it, parent: its pipeline), name columns only: the assistant's
     * gazetteer runs it with the companies' and contacts' in one pass.
     */
    nameEntries(caller: Viewer): SQL {
      return sql`select 'deal' as kind, d.id::text as id, d.dealname as label, null as alias, d.owner_id = ${caller.id} as own,
      d.pipeline_id::text as parent
      from deals d where ${scope.deals(caller, 'd')}`;
    },

    /** Deals the caller sees whose name holds every word (exactly), through deal_search. */
    async namingAll(caller: Viewer, words: string[], limit: number): Promise<NameCandidate[]> {
      const all = sql.join(
        words.map((w) => sql`d.search_text like ${containing(w)} and lower(d.dealname) like ${containing(w)}`),
        sql` and `,
      );
      return execute<NameCandidate>(
        db,
        sql`select d.id, d.dealname as name, dd.company_id from deal_search d join deals dd on dd.id = d.id
              where ${scope.deals(caller, 'd')} and ${all} limit ${limit}`,
      );
    },

    /** The accounts' deals the caller sees, largest first. */
    async namesOfAccounts(caller: Viewer, companyIds: string[], limit: number): Promise<NameCandidate[]> {
      return execute<NameCandidate>(
        db,
        sql`select d.id, d.dealname as name, d.company_id from deals d
        where ${scope.deals(caller, 'd')} and ${inUuids(sql`d.company_id`, companyIds)}
        order by d.amount desc nulls last, d.id desc limit ${limit}`,
      );
    },

    /** Deals the caller sees whose name holds one of `words` nearly (pg_trgm's word similarity, through deal_search's index). */
    async nearNames(caller: Viewer, words: string[], limit: number): Promise<NameCandidate[]> {
      return execute<NameCandidate>(
        db,
        sql`select d.id, d.dealname as name, dd.company_id from deal_search d join deals dd on dd.id = d.id
        where ${scope.deals(caller, 'd')} and (${anyOf(words.map((w) => sql`${w} <% d.search_text`))}) limit ${limit}`,
      );
    },

    /**
     * Full-text search over the deals the caller sees (optionally the accounts' deals), best first
     * among the first matches the index yields.
     */
    async fullTextSearch(caller: Viewer, text: string, anyWord: boolean, companyIds: string[] | null, limit: number): Promise<DealHit[]> {
      const visible = scope.deals(caller, 'd');
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
        m as (select d.id from deals d, q where d.organization_id = ${caller.organizationId} and ${visible}
              and d.search_vector @@ q.q ${companyFilter(sql`d.company_id`, companyIds)} limit ${RANKED_CANDIDATES}),
        top as (select d.id, ts_rank_cd(d.search_vector, q.q) as rank from deals d join m on m.id = d.id, q
                order by rank desc, d.id desc limit ${limit})
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

    /** Stakeholders of the given deals (ids of deals the caller was shown), decision makers first. */
    async stakeholders(dealIds: number[]): Promise<StakeholderLine[]> {
      if (dealIds.length === 0) return [];
      const rows = await execute<{
        contact_id: string;
        firstname: string;
        lastname: string;
        jobtitle: string | null;
        position: string | null;
        deal_id: string | number;
        dealname: string;
      }>(
        db,
        sql`
        select ct.id as contact_id, ct.firstname, ct.lastname, ct.jobtitle, ds.position, ds.deal_id, d.dealname
        from deal_stakeholders ds join contacts ct on ct.id = ds.contact_id join deals d on d.id = ds.deal_id
        where ds.deal_id in (${sql.join(
          dealIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by (ds.position ilike '%decision%' or ds.position ilike '%economic%') desc, ds.display_order, ct.firstname, ct.id`,
      );
      return rows.map((r) => ({
        contactId: r.contact_id,
        name: `${r.firstname} ${r.lastname}`.trim(),
        jobtitle: r.jobtitle,
        position: r.position,
        dealId: Number(r.deal_id),
        dealName: r.dealname,
      }));
    },

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
