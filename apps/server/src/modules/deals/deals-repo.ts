import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery, TDealScoreFactor as DealScoreFactor } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../db/client';
import { dealStakeholders, deals } from '../../db/schema/crm';
import { inUuids } from '../../db/ranked-match';
import { listedOwnerIds } from '../access/access-rules';
import { scope, type Viewer } from '../access/scopes';
import { pageSource, ref, sourceTable, totalsSource } from './deal-list-sources';
import { DEAL_COLUMNS, DEAL_JOINS, pageWithTotals, selectCount, selectPage, selectTotalsTable } from './deals-page-sql';
import { dealFilters, matchSortColumns, searchPattern } from './deals-query';
import { FOLLOW_MIN_MATCHES, followSearchTerm, isFollowed, selectSplitTotals } from './deal-totals-sql';

/** One deal with the labels and owner it is shown with. */
export type DealRecord = {
  id: number;
  dealname: string;
  stageId: string;
  stageLabel: string;
  ownerId: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string | null;
  pipelineId: string;
  pipelineLabel: string;
  amount: string | null;
  /** yyyy-mm-dd */
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  /** Competitors named in calls (Pipewise's own field). */
  competitors: string[];
  summary: string | null;
  confidenceScore: number | null;
  /** The score's factors (deal-score module), null until first computed. */
  confidenceFactors: DealScoreFactor[] | null;
  companyId: string | null;
  companyName: string | null;
  version: number;
  /** ISO 8601 in UTC */
  updatedAt: string;
};

/** A page of the list and the totals of the whole filtered set. */
export type DealPage = { records: DealRecord[]; total: number; totalAmount: string };

/** A row of DEAL_COLUMNS. */
type DealRow = {
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
  competitors: string[] | null;
  summary: string | null;
  confidence_score: number | null;
  confidence_factors: DealScoreFactor[] | null;
  company_id: string | null;
  company_name: string | null;
  version: number;
  updated_at: string;
};
/** `followed`: false when a followed term's totals were read after the term was dropped (they are counted again). */
type Totals = { total: number; total_amount: string; followed?: boolean };

const toRecord = (r: DealRow): DealRecord => ({
  id: Number(r.id),
  dealname: r.dealname,
  stageId: r.stage_id,
  stageLabel: r.stage_label,
  ownerId: r.owner_id,
  ownerFirstName: r.owner_first,
  ownerLastName: r.owner_last,
  ownerEmail: r.owner_email,
  pipelineId: r.pipeline_id,
  pipelineLabel: r.pipeline_label,
  amount: r.amount,
  closedate: r.closedate,
  nextsteps: r.nextsteps,
  kdm: r.kdm,
  painpoints: r.painpoints,
  competitors: r.competitors ?? [],
  summary: r.summary,
  confidenceScore: r.confidence_score,
  confidenceFactors: r.confidence_factors,
  companyId: r.company_id,
  companyName: r.company_name,
  version: r.version,
  updatedAt: r.updated_at,
});

function fromPageWithTotals(all: (DealRow & Totals)[]): DealPage {
  const { total, total_amount } = all[0]!;
  return { records: all.filter((r) => r.id !== null).map(toRecord), total, totalAmount: total_amount };
}

/**
 * `total` and `total_amount` of the filtered set: from deal_totals whenever it serves every filter
 * set (no close-date or search filter: ~1k rows per workspace instead of every deal), else from
 * the month and search-term totals and the deals at a range's edges (deal-totals-sql.ts).
 */
function selectTotals(viewer: Viewer, where: SQL, q: TDealListQuery, followed: boolean): SQL {
  if (totalsSource(q) === 'totals') return selectTotalsTable(where);
  return selectSplitTotals(viewer.organizationId, scope.deals(viewer, 'd'), q, followed);
}

/** What an edit may set, by the deals table's column keys. */
export type DealChanges = Partial<
  Pick<
    DealRecord,
    | 'dealname'
    | 'stageId'
    | 'pipelineId'
    | 'ownerId'
    | 'amount'
    | 'closedate'
    | 'nextsteps'
    | 'kdm'
    | 'painpoints'
    | 'competitors'
    | 'summary'
    | 'companyId'
  >
>;

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
  /**
   * The deal scope of a viewer below admin (access `scope.deals`: their workspace, owned by them or
   * anyone below them) with the owners resolved first, by the access module's own `listedOwnerIds`,
   * and written as a list of ids; null for a viewer who sees the whole workspace (no owner
   * condition). Given the subquery, the planner guesses ten owners, whatever the viewer; given the
   * ids, it knows a rep's few deals from a manager's many and picks the search index's owner keys
   * for the one and its text alone for the other (at 1M deals, a rep's common word read 2k rows
   * instead of the workspace's 99k matches; a manager's 13 owners read faster from the text alone).
   */
  async function visibleOwners(viewer: Viewer): Promise<SQL | null> {
    const owners = await listedOwnerIds(db, viewer);
    if (owners === null) return null;
    return sql`${ref('d', deals.organizationId)} = ${viewer.organizationId} and ${inUuids(ref('d', deals.ownerId), owners)}`;
  }

  /** Follows a common search term once its totals were counted the slow way (see deal-totals-sql.ts). */
  async function followIfCommon(viewer: Viewer, pattern: string | null, followed: boolean, totals: Totals): Promise<void> {
    if (pattern !== null && !followed && totals.total >= FOLLOW_MIN_MATCHES) await followSearchTerm(db, viewer.organizationId, pattern);
  }

  return {
    /** One page of the deals the viewer sees and the totals of the whole filtered set. */
    async list(viewer: Viewer, q: TDealListQuery): Promise<DealPage> {
      const where = dealFilters(viewer.organizationId, scope.deals(viewer, 'd'), q);
      const offset = (q.page - 1) * q.page_size;
      const owned = q.search ? await visibleOwners(viewer) : null;
      if (q.search && (owned !== null || q.owners.length > 0)) {
        // A search whose owners come from a subquery (a team's scope, an owners filter): the
        // planner cannot see how few deals those owners have, and may walk the id order hoping
        // to meet 25 matches soon (a rep's search read ~14k rows that way at 100k deals). The
        // index finds every match anyway for the totals, so the page is ordered from those same
        // rows: one scan, whatever the owners.
        const matches = sql`m`;
        const found = owned ? dealFilters(viewer.organizationId, owned, q) : where;
        const all = await execute<DealRow & Totals>(
          db,
          sql`
          with m as materialized (select d.id, d.amount${matchSortColumns(q.sort)} from ${sourceTable('search')} d where ${found})
          ${pageWithTotals(selectCount(matches, sql`true`), selectPage(matches, sql`true`, q, q.page_size, offset))}`,
        );
        return fromPageWithTotals(all);
      }
      // A search's totals come from its term's totals once the term is followed (a plain check first: a
      // check inside the statement would still start the parallel workers planned for the count).
      const pattern = totalsSource(q) === 'totals' ? null : searchPattern(q.search);
      const followed = pattern !== null && (await isFollowed(db, viewer.organizationId, pattern));
      const page = selectPage(sourceTable(pageSource(q)), where, q, q.page_size, offset);
      if (options.oneStatement) {
        const all = await execute<DealRow & Totals>(db, pageWithTotals(selectTotals(viewer, where, q, followed), page));
        if (all[0]!.followed === false) return this.list(viewer, q);
        await followIfCommon(viewer, pattern, followed, all[0]!);
        return fromPageWithTotals(all);
      }
      const [pageRows, totals] = await Promise.all([
        execute<DealRow>(db, sql`${page} order by page.ord`),
        execute<Totals>(db, selectTotals(viewer, where, q, followed)),
      ]);
      if (totals[0]!.followed === false) return this.list(viewer, q);
      await followIfCommon(viewer, pattern, followed, totals[0]!);
      const { total, total_amount } = totals[0]!;
      return { records: pageRows.map(toRecord), total, totalAmount: total_amount };
    },

    /** Every matching deal in pages of `batch`, for the CSV export, so memory stays flat. */
    async *iterate(viewer: Viewer, q: TDealListQuery, batch = 1000): AsyncGenerator<DealRecord[]> {
      const where = dealFilters(viewer.organizationId, scope.deals(viewer, 'd'), q);
      let offset = 0;
      for (;;) {
        const chunk = (
          await execute<DealRow>(db, sql`${selectPage(sourceTable(pageSource(q)), where, q, batch, offset)} order by page.ord`)
        ).map(toRecord);
        if (chunk.length === 0) return;
        yield chunk;
        if (chunk.length < batch) return;
        offset += batch;
      }
    },

    /** A deal the viewer sees, or null. */
    async find(viewer: Viewer, id: number): Promise<DealRecord | null> {
      const [row] = await execute<DealRow>(
        db,
        sql`
        select ${DEAL_COLUMNS} from deals d ${DEAL_JOINS}
        where ${scope.deals(viewer, 'd')} and ${ref('d', deals.id)} = ${id}`,
      );
      return row ? toRecord(row) : null;
    },

    /**
     * Applies changes when the version still matches (or none was given): the new version, or null
     * when it did not match. A user as owner replaces any CRM owner (a deal has one or the other).
     */
    async update(organizationId: string, id: number, changes: DealChanges, expectedVersion: number | undefined): Promise<number | null> {
      const [row] = await db
        .update(deals)
        .set({
          ...changes,
          ...(changes.ownerId !== undefined ? { crmOwnerId: null } : {}),
          version: sql`${deals.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(deals.id, id),
            eq(deals.organizationId, organizationId),
            expectedVersion === undefined ? undefined : eq(deals.version, expectedVersion),
          ),
        )
        .returning({ version: deals.version });
      return row?.version ?? null;
    },

    /** The new deal's id and version. */
    async insert(
      organizationId: string,
      values: Required<Pick<DealChanges, 'dealname' | 'stageId' | 'pipelineId'>> & DealChanges,
    ): Promise<{ id: number; version: number }> {
      const [row] = await db
        .insert(deals)
        .values({ ...values, organizationId })
        .returning({ id: deals.id, version: deals.version });
      return row!;
    },

    /**
     * Removes a deal: the id it had in the CRM it came from (null when it only lived here), or
     * undefined when there was no such deal. Its search row and stakeholders go with it (foreign
     * keys cascade), recordings and meetings keep their rows with the deal cleared (set null), and
     * the totals follow through the deals table's delete triggers.
     */
    async remove(organizationId: string, id: number): Promise<{ externalId: string | null } | undefined> {
      const [row] = await db
        .delete(deals)
        .where(and(eq(deals.id, id), eq(deals.organizationId, organizationId)))
        .returning({ externalId: deals.externalId });
      return row;
    },

    /** Makes `contactIds` the deal's stakeholders in that order; a contact that stays keeps its position. */
    async setStakeholders(dealId: number, contactIds: string[]): Promise<void> {
      await db
        .delete(dealStakeholders)
        .where(
          and(eq(dealStakeholders.dealId, dealId), contactIds.length ? notInArray(dealStakeholders.contactId, contactIds) : undefined),
        );
      if (contactIds.length === 0) return;
      await db
        .insert(dealStakeholders)
        .values(contactIds.map((contactId, displayOrder) => ({ dealId, contactId, displayOrder })))
        .onConflictDoUpdate({
          target: [dealStakeholders.dealId, dealStakeholders.contactId],
          set: { displayOrder: sql`excluded.display_order` },
        });
    },
  };
}

export type DealsRepo = ReturnType<typeof createDealsRepo>;
