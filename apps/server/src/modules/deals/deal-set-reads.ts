import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { inUuids } from '../../db/ranked-match';
import type { TDealScoreFactor } from '@pipewise/contract/deals';
import { scope, type Viewer } from '../access/scopes';
import { DEAL_COLUMNS, DEAL_JOINS, selectCount, selectTotalsTable } from './deals-page-sql';
import { dealFilters } from './deals-query';

/**
 * The deals module's reads of deal sets for the assistant's answers: only this module writes SQL
 * against deals, deal_search, deal_totals, pipelines and stages. Each read takes the caller and
 * composes the access module's deal scope.
 */

/** The list filters a question can set (the deals list's own: owners, stages, pipelines, close dates, search). */
export type DealSetFilters = {
  /** User ids. */
  owners: string[];
  /** Stage labels as the workspace spells them. */
  stages: string[];
  /** Pipeline labels. */
  pipelines: string[];
  /** Close dates, 'YYYY-MM-DD', both ends included as the list includes them. */
  close: { from: string; to: string } | null;
  search: string | null;
};

/** One deal as an answer names it. */
export type DealLine = {
  id: number;
  dealname: string;
  amount: string | null;
  closedate: string | null;
  stage: string;
  pipeline: string;
  owner: string | null;
  ownerId: string | null;
  company: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  updatedAt: string;
  /** The computed confidence score and its factors (deal-score module); null until first scored. */
  confidence: number | null;
  factors: TDealScoreFactor[] | null;
};

/** Which deals, beyond the list's own filters: open ones only, an account's, without next steps, not updated since. */
export type DealSetQuery = DealSetFilters & {
  openOnly?: boolean;
  companyIds?: string[] | null;
  noNextSteps?: boolean;
  updatedBefore?: Date;
  order: 'amount_desc' | 'closedate_asc' | 'updated_asc' | 'confidence_asc';
  limit: number;
  /** false skips the count and sum (the answer names only the first deals). */
  totals?: boolean;
};

/** Deals and their amount in one stage, pipeline or owner's group. */
export type GroupTotal = { key: string | null; label: string; deals: number; amount: string };

/** total is -1 when the query asked for no totals. */
export type DealSet = { total: number; totalAmount: string; deals: DealLine[] };

export type DealLineRow = {
  id: string | number;
  dealname: string;
  amount: string | null;
  closedate: string | null;
  stage_label: string;
  pipeline_label: string;
  owner_id: string | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string | null;
  company_name: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  updated_at: string;
  confidence_score: number | null;
  confidence_factors: TDealScoreFactor[] | null;
};

export const toLine = (r: DealLineRow): DealLine => ({
  id: Number(r.id),
  dealname: r.dealname,
  amount: r.amount,
  closedate: r.closedate,
  stage: r.stage_label,
  pipeline: r.pipeline_label,
  owner: r.owner_id ? `${r.owner_first ?? ''} ${r.owner_last ?? ''}`.trim() || r.owner_email : null,
  ownerId: r.owner_id,
  company: r.company_name,
  nextsteps: r.nextsteps,
  kdm: r.kdm,
  painpoints: r.painpoints,
  updatedAt: r.updated_at,
  confidence: r.confidence_score,
  factors: r.confidence_factors,
});

const ORDERS: Record<DealSetQuery['order'], SQL> = {
  amount_desc: sql`d.amount desc nulls last, d.id desc`,
  closedate_asc: sql`d.closedate asc nulls last, d.id desc`,
  updated_asc: sql`d.updated_at asc, d.id desc`,
  confidence_asc: sql`d.confidence_score asc nulls last, d.id desc`,
};

/**
 * Deals the caller may see (their own and their team's; the workspace for admins), filtered the
 * way the deals list filters (its own `dealFilters`, so a count here is the count the list shows
 * for the same filters) plus what the questions add.
 */
export function createDealSetReads(db: DbOrTx) {
  /** The deals (as `d`) the caller sees: the deals list's scope. */
  const scopeOf = (caller: Viewer): SQL => scope.deals(caller, 'd');

  /**
   * Where the count and sum come from, as the deals list chooses (deal-list-sources.ts): deal_totals
   * (a row per owner, pipeline and stage) when only those are filtered; deal_search (one narrow row
   * per deal with every column the list filters on) for a close-date range or a search; deals when
   * the question needs another column. The first deals always come from deals, whose indexes
   * serve each order.
   */
  const narrow = (q: DealSetQuery) => !q.companyIds && !q.noNextSteps && !q.updatedBefore;
  function totalsOf(caller: Viewer, q: DealSetQuery): SQL {
    if (!narrow(q)) return selectCount(sql`deals`, whereOf(caller, q, false));
    if (!q.close && !q.search) return selectTotalsTable(whereOf(caller, q, false));
    return selectCount(sql`deal_search`, whereOf(caller, q, true));
  }

  /** The WHERE clause over `d`: deal_search when `onSearchTable`, else deals. */
  function whereOf(caller: Viewer, q: DealSetQuery, onSearchTable: boolean): SQL {
    const list = {
      owners: q.owners,
      stages: q.stages,
      pipelines: q.pipelines,
      close_from: q.close?.from,
      close_to: q.close?.to,
      search: undefined,
    };
    const parts = [dealFilters(caller.organizationId, scopeOf(caller), onSearchTable ? { ...list, search: q.search ?? undefined } : list)];
    // On deals, the list's search reads deal_search (as d); inside the subquery that alias is deal_search's.
    if (q.search && !onSearchTable)
      parts.push(
        sql`d.id in (select d.id from deal_search d where ${dealFilters(
          caller.organizationId,
          sql`d.organization_id = ${caller.organizationId}`,
          {
            ...list,
            owners: [],
            stages: [],
            pipelines: [],
            close_from: undefined,
            close_to: undefined,
            search: q.search,
          },
        )})`,
      );
    if (q.openOnly)
      parts.push(
        sql`d.stage_id = any(array(select s.id from pipeline_stages s join pipelines p on p.id = s.pipeline_id
          where p.organization_id = ${caller.organizationId} and not s.is_closed))`,
      );
    if (q.companyIds) parts.push(inUuids(sql`d.company_id`, q.companyIds));
    if (q.noNextSteps) parts.push(sql`(d.nextsteps is null or btrim(d.nextsteps) = '')`);
    // No activity since then: not updated, no meeting recorded on the deal, no call on it up to now (each a hashed set).
    if (q.updatedBefore) {
      const since = sql`${q.updatedBefore.toISOString()}::timestamptz`;
      parts.push(sql`d.updated_at < ${since}
        and d.id not in (select r.deal_id from recordings r where r.organization_id = ${caller.organizationId}
          and r.deal_id is not null and coalesce(r.recorded_at, r.created_at) >= ${since})
        and d.id not in (select m.deal_id from calendar_meetings m where m.organization_id = ${caller.organizationId}
          and m.deal_id is not null and m.status <> 'cancelled' and m.start_at >= ${since} and m.start_at <= now())`);
    }
    return sql.join(parts, sql` and `);
  }

  return {
    /** The stage and pipeline labels of the caller's workspace (a question may name any of them). */
    async labels(caller: Viewer) {
      return execute<{ kind: string; label: string }>(
        db,
        sql`
          select distinct 'stage' as kind, s.label from pipeline_stages s join pipelines p on p.id = s.pipeline_id
          where p.organization_id = ${caller.organizationId}
          union select distinct 'pipeline', label from pipelines where organization_id = ${caller.organizationId}`,
      );
    },

    /**
     * Deal count and amount per stage, pipeline or owner of the deals the caller may see, from
     * deal_totals (kept by triggers: a few rows per owner, pipeline and stage, not every deal).
     * `openOnly` leaves out closed stages; `companyIds` counts those accounts' deals only (read
     * from deals, which deal_totals cannot split by company).
     */
    async groupTotals(
      caller: Viewer,
      by: 'stage' | 'pipeline' | 'owner',
      openOnly: boolean,
      companyIds: string[] | null = null,
    ): Promise<GroupTotal[]> {
      const source = companyIds
        ? sql`(select d.organization_id, d.owner_id, d.pipeline_id, d.stage_id, 1 as deals, coalesce(d.amount, 0) as amount from deals d
            where d.organization_id = ${caller.organizationId} and ${inUuids(sql`d.company_id`, companyIds)})`
        : sql`deal_totals`;
      const open = openOnly ? sql`not s.is_closed` : sql`true`;
      const group = {
        stage: {
          key: sql`s.id::text`,
          label: sql`s.label || ' (' || p.label || ')'`,
          order: sql`min(p.display_order), min(s.display_order)`,
        },
        pipeline: { key: sql`p.id::text`, label: sql`p.label`, order: sql`min(p.display_order)` },
        owner: {
          key: sql`t.owner_id::text`,
          label: sql`coalesce(nullif(trim(min(u.first_name) || ' ' || min(u.last_name)), ''), min(u.email), 'Unassigned')`,
          order: sql`sum(t.amount) desc`,
        },
      }[by];
      const label = by === 'owner' ? group.label : sql`min(${group.label})`;
      const rows = await execute<{ key: string | null; label: string; deals: number; amount: string }>(
        db,
        sql`
        select ${group.key} as key, ${label} as label, sum(t.deals)::int as deals, sum(t.amount)::numeric(24, 2)::text as amount
        from ${source} t join pipeline_stages s on s.id = t.stage_id join pipelines p on p.id = t.pipeline_id
        left join users u on u.id = t.owner_id
        where ${scope.deals(caller, 't')} and ${open} and t.deals > 0
        group by ${group.key} order by ${group.order}, 2`,
      );
      return rows;
    },

    /** The count and sum of the whole set and its first `limit` deals in `order`. */
    async find(caller: Viewer, q: DealSetQuery): Promise<DealSet> {
      const where = whereOf(caller, q, false);
      const [totals, rows] = await Promise.all([
        q.totals === false
          ? Promise.resolve([{ total: -1, total_amount: '0' }])
          : execute<{ total: number; total_amount: string }>(db, totalsOf(caller, q)),
        q.limit > 0
          ? execute<DealLineRow>(
              db,
              sql`
              select ${DEAL_COLUMNS}
              from unnest(array(select d.id from deals d where ${where} order by ${ORDERS[q.order]} limit ${q.limit}))
                with ordinality as page(id, ord)
              join deals d on d.id = page.id ${DEAL_JOINS} order by page.ord`,
            )
          : Promise.resolve([] as DealLineRow[]),
      ]);
      return { total: totals[0]!.total, totalAmount: totals[0]!.total_amount, deals: rows.map(toLine) };
    },
  };
}

export type DealSetReads = ReturnType<typeof createDealSetReads>;
