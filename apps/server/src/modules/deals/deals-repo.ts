import { sql, type SQL } from 'drizzle-orm';
import type { TDeal, TDealListQuery } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../db/client';
import { dealFilters, dealSource, orderBy } from './deals-query';

type DealRowSql = {
  id: string | number;
  dealname: string;
  stage_id: string;
  stage_label: string;
  owner_id: string | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string | null;
  pipeline_id: string;
  pipeline_label: string;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  summary: string | null;
  confidence_score: number | null;
  company_id: string | null;
  company_name: string | null;
  version: number;
  updated_at: string;
};

const DEAL_COLUMNS = sql`
    d.id, d.dealname, d.stage_id, s.label as stage_label, d.owner_id,
    u.first_name as owner_first, u.last_name as owner_last, u.email as owner_email,
    d.pipeline_id, p.label as pipeline_label, d.amount::text as amount,
    to_char(d.closedate, 'YYYY-MM-DD') as closedate, d.nextsteps, d.kdm, d.painpoints, d.summary,
    d.confidence_score, d.company_id, c.name as company_name, d.version,
    to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const DEAL_JOINS = sql`
  join pipeline_stages s on s.id = d.stage_id
  join pipelines p on p.id = d.pipeline_id
  left join users u on u.id = d.owner_id
  left join companies c on c.id = d.company_id`;

const SELECT_DEAL = sql`select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS}`;

/**
 * One page of deals in two steps: the ids of the page first, ordered and offset over narrow rows
 * of `source` (often from an index alone) into an array, which keeps their order; then the joins
 * and the formatting for those rows only, with each row's place in `ord`. Joining and formatting
 * before LIMIT/OFFSET would do that work for every row skipped or sorted.
 */
const selectPage = (source: SQL, where: SQL, q: TDealListQuery, limit: number, offset: number) => sql`
  select ${DEAL_COLUMNS}, page.ord
  from unnest(array(
    select d.id from ${source} d where ${where} order by ${orderBy(q.sort)} limit ${limit} offset ${offset}
  )) with ordinality as page(id, ord)
  join deals d on d.id = page.id ${DEAL_JOINS}`;

/** `total` and `total_amount` over the rows of `source` (as `d`) that match `where`. */
const selectCount = (source: SQL, where: SQL) =>
  sql`select count(*)::int as total, coalesce(sum(d.amount), 0)::numeric(20, 2)::text as total_amount from ${source} d where ${where}`;

/**
 * `total` and `total_amount` of the filtered set. Without a close-date or search filter every
 * condition is on the owner, pipeline or stage, which deal_totals keys on (the column names are
 * the same, so the WHERE clause reads it as `d`): ~1k rows per workspace instead of every deal.
 */
function selectTotals(where: SQL, q: TDealListQuery): SQL {
  if (q.close_from || q.close_to || q.search) return selectCount(dealSource(q), where);
  return sql`select coalesce(sum(d.deals), 0)::int as total, coalesce(sum(d.amount), 0)::numeric(20, 2)::text as total_amount from deal_totals d where ${where}`;
}

/** The page's rows each carrying the totals (one row of nulls carries them when the page is empty). */
const pageWithTotals = (totals: SQL, page: SQL) => sql`
  select t.total, t.total_amount, p.* from (${totals}) t left join (${page}) p on true order by p.ord`;

type Totals = { total: number; total_amount: string };

function fromPageWithTotals(all: (DealRowSql & Totals)[]) {
  const { total, total_amount } = all[0]!;
  return { data: all.filter((r) => r.id !== null).map(toDeal), total, total_amount };
}

export function toDeal(r: DealRowSql): TDeal {
  const ownerName = r.owner_id ? `${r.owner_first ?? ''} ${r.owner_last ?? ''}`.trim() || r.owner_email : null;
  return {
    deal_id: String(r.id),
    dealname: r.dealname,
    dealstage: r.stage_id,
    dealstage_label: r.stage_label,
    dealowner: r.owner_id,
    owner_id: r.owner_id,
    owner_name: ownerName,
    owner_email: r.owner_email,
    pipeline: r.pipeline_id,
    pipeline_label: r.pipeline_label,
    amount: r.amount,
    closedate: r.closedate,
    nextsteps: r.nextsteps,
    kdm: r.kdm,
    painpoints: r.painpoints,
    summary: r.summary,
    confidence_score: r.confidence_score,
    confindence_score: r.confidence_score,
    company_id: r.company_id,
    company_name: r.company_name,
    version: r.version,
    updated_at: r.updated_at,
  };
}

export type DealChanges = Partial<{
  dealname: string;
  stageId: string;
  pipelineId: string;
  ownerId: string | null;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  summary: string | null;
  confidenceScore: number | null;
  companyId: string | null;
}>;

export const DEAL_COLUMN: Record<keyof DealChanges, string> = {
  dealname: 'dealname',
  stageId: 'stage_id',
  pipelineId: 'pipeline_id',
  ownerId: 'owner_id',
  amount: 'amount',
  closedate: 'closedate',
  nextsteps: 'nextsteps',
  kdm: 'kdm',
  painpoints: 'painpoints',
  summary: 'summary',
  confidenceScore: 'confidence_score',
  companyId: 'company_id',
};

/** Besides id and amount, what each sort orders by (deals-query.ts ORDER), for the matches of a search. */
const MATCH_SORT_COLUMNS: Record<TDealListQuery['sort'], SQL> = {
  created_desc: sql``,
  amount_desc: sql``,
  amount_asc: sql``,
  closedate_asc: sql`, d.closedate`,
  closedate_desc: sql`, d.closedate`,
  dealname_asc: sql`, d.dealname`,
  dealname_desc: sql`, d.dealname`,
};

export type DealsRepoOptions = {
  /**
   * Page and totals in one statement (the totals row joined to the page's rows) instead of two
   * run at once. PGlite runs one statement at a time in-process, so one statement saves a round of
   * protocol and planning; PostgreSQL runs the two on two connections in parallel, which is faster
   * there (bench/deals measured both ways).
   */
  oneStatement: boolean;
};

export function createDealsRepo(db: DbOrTx, options: DealsRepoOptions) {
  return {
    /** One page of the list and the totals of the whole filtered set; `scope` null: the whole workspace. */
    async list(organizationId: string, scope: SQL | null, q: TDealListQuery) {
      const where = dealFilters(organizationId, scope, q);
      const offset = (q.page - 1) * q.page_size;
      if (q.search && (scope !== null || q.owners.length > 0)) {
        // A search whose owners come from a subquery (a team's scope, an owners filter): the
        // planner cannot see how few deals those owners have, and may walk the id order hoping
        // to meet 25 matches soon (a rep's search read ~14k rows that way at 100k deals). The
        // trigram index finds every match anyway for the totals, so the page is ordered from
        // those same rows: one scan, whatever the owners.
        const matches = sql`m`;
        const all = await execute<DealRowSql & Totals>(db, sql`
          with m as materialized (select d.id, d.amount${MATCH_SORT_COLUMNS[q.sort]} from deal_search d where ${where})
          ${pageWithTotals(selectCount(matches, sql`true`), selectPage(matches, sql`true`, q, q.page_size, offset))}`);
        return fromPageWithTotals(all);
      }
      const page = selectPage(dealSource(q), where, q, q.page_size, offset);
      if (options.oneStatement) {
        return fromPageWithTotals(await execute<DealRowSql & Totals>(db, pageWithTotals(selectTotals(where, q), page)));
      }
      const [pageRows, totals] = await Promise.all([execute<DealRowSql>(db, sql`${page} order by page.ord`), execute<Totals>(db, selectTotals(where, q))]);
      const { total, total_amount } = totals[0]!;
      return { data: pageRows.map(toDeal), total, total_amount };
    },

    /** Every matching deal in pages of `batch`, for the CSV export, so memory stays flat. */
    async *iterate(organizationId: string, scope: SQL | null, q: TDealListQuery, batch = 1000): AsyncGenerator<TDeal[]> {
      const where = dealFilters(organizationId, scope, q);
      let offset = 0;
      for (;;) {
        const chunk = (await execute<DealRowSql>(db, sql`${selectPage(dealSource(q), where, q, batch, offset)} order by page.ord`)).map(toDeal);
        if (chunk.length === 0) return;
        yield chunk;
        if (chunk.length < batch) return;
        offset += batch;
      }
    },

    async find(organizationId: string, scope: SQL | null, id: number): Promise<TDeal | null> {
      const [row] = await execute<DealRowSql>(db, sql`${SELECT_DEAL} where d.organization_id = ${organizationId} and ${scope ?? sql`true`} and d.id = ${id}`);
      return row ? toDeal(row) : null;
    },

    /**
     * Applies changes when the version still matches (or none was given): the new version, or null
     * when it did not match. A user as owner replaces any CRM owner (a deal has one or the other).
     */
    async update(organizationId: string, id: number, changes: DealChanges, expectedVersion: number | undefined): Promise<number | null> {
      const sets = (Object.keys(changes) as (keyof DealChanges)[]).map(
        (k) => sql`${sql.identifier(DEAL_COLUMN[k])} = ${changes[k] ?? null}`,
      );
      if (changes.ownerId !== undefined) sets.push(sql`crm_owner_id = null`);
      sets.push(sql`version = version + 1`, sql`updated_at = now()`);
      const [row] = await execute<{ version: number }>(db, sql`
        update deals set ${sql.join(sets, sql`, `)}
        where id = ${id} and organization_id = ${organizationId}
          ${expectedVersion === undefined ? sql`` : sql`and version = ${expectedVersion}`}
        returning version`);
      return row?.version ?? null;
    },

    /** The new deal's id and version. */
    async insert(organizationId: string, values: Required<Pick<DealChanges, 'dealname' | 'stageId' | 'pipelineId'>> & DealChanges): Promise<{ id: number; version: number }> {
      const keys = Object.keys(values) as (keyof DealChanges)[];
      const [row] = await execute<{ id: string | number; version: number }>(db, sql`
        insert into deals (organization_id, ${sql.join(keys.map((k) => sql.identifier(DEAL_COLUMN[k])), sql`, `)})
        values (${organizationId}, ${sql.join(keys.map((k) => sql`${values[k] ?? null}`), sql`, `)})
        returning id, version`);
      return { id: Number(row!.id), version: row!.version };
    },
  };
}

export type DealsRepo = ReturnType<typeof createDealsRepo>;
