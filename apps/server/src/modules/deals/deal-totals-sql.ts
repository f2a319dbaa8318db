import { sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../db/client';
import { dealFilters, searchPattern } from './deals-query';

/**
 * The list's `total` and `total_amount` when a close-date filter or a search is set, from the
 * aggregates of migration 0020 instead of counting every matching deal (at 1M deals, counting the
 * 476k deals closing from today took 61 ms and the 99k matches of a common word 95 ms):
 *
 * - a close-date range is split into the whole months inside it, summed from deal_month_totals
 *   (or deal_term_totals for a search), and the days of the partial months at its edges, counted
 *   from deals (or deal_search) through their close-date index;
 * - a search reads deal_term_totals once its term is followed (`followSearchTerm`); until then,
 *   and for a term that cannot be followed, its matches are counted as before.
 *
 * Every arm applies the same scope and owner, stage and pipeline filters (`dealFilters` over `d`,
 * whose columns carry the same names in each table), so the sum is the count of the deals the
 * viewer sees, exactly as the rows are.
 */

/** Filters of the list (what narrows the set). */
export type TotalsFilters = Omit<TDealListQuery, 'sort' | 'page' | 'page_size' | 'email'>;

/** A search followed once it matched at least this many of the deals a viewer sees. */
export const FOLLOW_MIN_MATCHES = 1000;
/** A close-date range shorter than this is counted from deals rather than summed from the month totals. */
const SHORT_RANGE_DAYS = 62;
/** Search terms followed per workspace at most: the newest are kept (each write checks each term's pattern). */
export const FOLLOWED_TERMS_MAX = 50;

/** The advisory lock that every write to deals takes shared and a term fill exclusively (migration 0020). */
const TERM_FILL_LOCK = sql`20, 0`;

/** Whole months inside [from, to] as conditions on `d.month`, and the edge days outside them as conditions on `d.closedate`. */
function splitRange(q: TotalsFilters): { months: SQL[]; edges: SQL[][] } {
  const from = q.close_from ? sql`${q.close_from}::date` : null;
  const to = q.close_to ? sql`${q.close_to}::date` : null;
  // The first month starting on or after `from`, and the first month starting after `to`.
  const firstMonth = from ? sql`(deal_close_month(${from} - 1) + interval '1 month')::date` : null;
  const pastMonth = to ? sql`deal_close_month(${to} + 1)` : null;
  const months: SQL[] = [];
  const edges: SQL[][] = [];
  if (firstMonth) months.push(sql`d.month >= ${firstMonth}`);
  if (pastMonth) months.push(sql`d.month < ${pastMonth}`);
  // Before the first whole month; after the last one (never before the first, which keeps the two apart).
  if (from && firstMonth)
    edges.push([sql`d.closedate >= ${from}`, sql`d.closedate < ${firstMonth}`, ...(to ? [sql`d.closedate <= ${to}`] : [])]);
  if (to && pastMonth)
    edges.push([sql`d.closedate >= ${pastMonth}`, sql`d.closedate <= ${to}`, ...(firstMonth ? [sql`d.closedate >= ${firstMonth}`] : [])]);
  return { months, edges };
}

const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const sumArm = (table: SQL, where: SQL) => sql`select sum(d.deals)::numeric as n, sum(d.amount) as a from ${table} d where ${where}`;
const countArm = (table: SQL, where: SQL) => sql`select count(*)::numeric as n, sum(d.amount) as a from ${table} d where ${where}`;
const total = (arms: SQL[], extra: SQL = sql``) =>
  sql`select coalesce(sum(x.n), 0)::int as total, coalesce(sum(x.a), 0)::numeric(20, 2)::text as total_amount${extra}
    from (${sql.join(arms, sql` union all `)}) x`;

/** Whether the workspace follows `pattern` (its totals are in deal_term_totals). */
export async function isFollowed(db: DbOrTx, organizationId: string, pattern: string): Promise<boolean> {
  const rows = await execute<{ one: number }>(
    db,
    sql`select 1 as one from deal_search_terms where organization_id = ${organizationId} and pattern = ${pattern}`,
  );
  return rows.length > 0;
}

/**
 * The totals statement (total, total_amount) for a close-date filter or a search; `followed`: the
 * search's term is followed (`isFollowed`). `scope` is the viewer's deal scope over `d`.
 */
export function selectSplitTotals(organizationId: string, scope: SQL, q: TotalsFilters, followed: boolean): SQL {
  const noClose = { close_from: undefined, close_to: undefined };
  const base = dealFilters(organizationId, scope, { ...q, ...noClose, search: undefined });
  const { months, edges } = splitRange(q);
  if (!q.search) {
    // A range of under two months counts its deals (a few per day, through the close-date index): the month totals pay off
    // for longer and open-ended ranges (at 100k deals on PGlite, one month read from them took twice as long as counting).
    if (q.close_from && q.close_to && Date.parse(q.close_to) - Date.parse(q.close_from) < SHORT_RANGE_DAYS * 86_400_000) {
      return total([countArm(sql`deals`, dealFilters(organizationId, scope, q))]);
    }
    return total([
      sumArm(sql`deal_month_totals`, and([base, ...months])),
      ...edges.map((edge) => countArm(sql`deals`, and([base, ...edge]))),
    ]);
  }
  const pattern = searchPattern(q.search);
  if (pattern === null || !followed) return total([countArm(sql`deal_search`, dealFilters(organizationId, scope, q))]);
  const searched = dealFilters(organizationId, scope, { ...q, ...noClose });
  // `followed` false: the term was dropped since the check (its rows with it), so the caller counts again.
  return total(
    [
      sumArm(sql`deal_term_totals`, and([base, sql`d.pattern = ${pattern}`, ...months])),
      ...edges.map((edge) => countArm(sql`deal_search`, and([searched, ...edge]))),
    ],
    sql`, exists (select 1 from deal_search_terms f where f.organization_id = ${organizationId} and f.pattern = ${pattern}) as followed`,
  );
}

/**
 * Starts keeping the totals of a search in deal_term_totals: registers the pattern and adds up its
 * current matches, under the advisory lock every deal write holds shared (taken exclusively here, so
 * the writes in flight commit first and those after wait, then see the term; for a moment, once per
 * common term).
 * A workspace keeps its FOLLOWED_TERMS_MAX newest terms. Gives up (false) rather than wait more
 * than a moment for writers; the list's answer never depends on it.
 */
export async function followSearchTerm(
  db: DbOrTx,
  organizationId: string,
  pattern: string,
  { lockTimeoutMs = 500 }: { lockTimeoutMs?: number } = {},
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`));
      await tx.execute(sql`select pg_advisory_xact_lock(${TERM_FILL_LOCK})`);
      const added = await execute<{ pattern: string }>(
        tx,
        sql`insert into deal_search_terms (organization_id, pattern) values (${organizationId}, ${pattern})
          on conflict do nothing returning pattern`,
      );
      if (added.length === 0) return false;
      await tx.execute(sql`
        delete from deal_search_terms where organization_id = ${organizationId} and pattern in (
          select pattern from deal_search_terms where organization_id = ${organizationId}
          order by followed_at desc, pattern = ${pattern} desc, pattern offset ${FOLLOWED_TERMS_MAX})`);
      await tx.execute(sql`
        insert into deal_term_totals (organization_id, pattern, month, owner_id, pipeline_id, stage_id, deals, amount)
        select d.organization_id, ${pattern}, deal_close_month(d.closedate), d.owner_id, d.pipeline_id, d.stage_id, count(*),
          coalesce(sum(d.amount), 0)
        from deal_search d where d.organization_id = ${organizationId} and d.search_text like ${pattern}
        group by 1, 2, 3, 4, 5, 6`);
      return true;
    });
  } catch (e) {
    // The lock was not free within lock_timeout (55P03) or a writer waiting behind it waited for this one (40P01):
    // the term is followed another time.
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === '55P03' || code === '40P01') return false;
    throw e;
  }
}
