import { sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery } from '@pipewise/contract/deals';
import { users } from '../../db/schema/auth';
import { companies, dealTotals, deals, pipelineStages, pipelines } from '../../db/schema/crm';
import { ref } from './deal-list-sources';
import { orderBy } from './deals-query';

/** The columns of one deal as the list and the deal view show it (see `DealRow` in deals-repo.ts). */
const d = (column: keyof typeof deals._.columns) => ref('d', deals[column]);
export const DEAL_COLUMNS = sql`
    ${d('id')}, ${d('dealname')}, ${d('stageId')}, ${ref('s', pipelineStages.label)} as stage_label, ${d('ownerId')},
    ${ref('u', users.firstName)} as owner_first, ${ref('u', users.lastName)} as owner_last, ${ref('u', users.email)} as owner_email,
    ${d('pipelineId')}, ${ref('p', pipelines.label)} as pipeline_label, ${d('amount')}::text as amount,
    to_char(${d('closedate')}, 'YYYY-MM-DD') as closedate, ${d('nextsteps')}, ${d('kdm')}, ${d('painpoints')}, ${d('competitors')},
    ${d('summary')},
    ${d('confidenceScore')}, ${d('confidenceFactors')}, ${d('companyId')}, ${ref('c', companies.name)} as company_name, ${d('version')},
    to_char(${d('updatedAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

export const DEAL_JOINS = sql`
  join pipeline_stages s on ${ref('s', pipelineStages.id)} = ${d('stageId')}
  join pipelines p on ${ref('p', pipelines.id)} = ${d('pipelineId')}
  left join users u on ${ref('u', users.id)} = ${d('ownerId')}
  left join companies c on ${ref('c', companies.id)} = ${d('companyId')}`;

/**
 * One page of deals in two steps: the ids of the page first, ordered and offset over narrow rows
 * of `source` (often from an index alone) into an array, which keeps their order; then the joins
 * and the formatting for those rows only, with each row's place in `ord`. Joining and formatting
 * before LIMIT/OFFSET would do that work for every row skipped or sorted.
 */
export const selectPage = (source: SQL, where: SQL, q: TDealListQuery, limit: number, offset: number) => sql`
  select ${DEAL_COLUMNS}, page.ord
  from unnest(array(
    select ${d('id')} from ${source} d where ${where} order by ${orderBy(q.sort)} limit ${limit} offset ${offset}
  )) with ordinality as page(id, ord)
  join deals d on ${d('id')} = page.id ${DEAL_JOINS}`;

/** `total` and `total_amount` over the rows of `source` (as `d`) that match `where`. */
export const selectCount = (source: SQL, where: SQL) =>
  sql`select count(*)::int as total, coalesce(sum(${d('amount')}), 0)::numeric(20, 2)::text as total_amount
    from ${source} d where ${where}`;

/** `total` and `total_amount` from deal_totals: every filter set is a condition on its key columns. */
export const selectTotalsTable = (where: SQL) =>
  sql`select coalesce(sum(${ref('d', dealTotals.deals)}), 0)::int as total,
    coalesce(sum(${ref('d', dealTotals.amount)}), 0)::numeric(20, 2)::text as total_amount from deal_totals d where ${where}`;

/** The page's rows each carrying the totals' columns (one row of nulls carries them when the page is empty). */
export const pageWithTotals = (totals: SQL, page: SQL) => sql`
  select t.*, p.* from (${totals}) t left join (${page}) p on true order by p.ord`;
