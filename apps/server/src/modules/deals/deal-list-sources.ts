import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDealListQuery } from '@pipewise/contract/deals';
import { dealSearch, dealTotals, deals } from '../../db/schema/crm';

/**
 * The three tables the deals list can read its ids and totals from, always as `d` (decisions 5
 * and 7): deals itself; deal_search, narrow rows with the searched text; deal_totals, counts and
 * amounts per owner, pipeline and stage. The columns they share carry the same names, so one
 * WHERE clause reads any of them.
 */
export const LIST_SOURCES = { deals, search: dealSearch, totals: dealTotals } as const;
export type ListSource = keyof typeof LIST_SOURCES;

/** The column keys that every one of `S` has (`keyof` a union of column sets is their intersection). */
export type SharedColumn<S extends ListSource> = keyof (typeof LIST_SOURCES)[S]['_']['columns'] & string;

/** `<alias>.<column>` from the schema object, written as the hand-written SQL around it is (unquoted). */
export const ref = (alias: string, column: PgColumn): SQL => sql.raw(`${alias}.${column.name}`);

/** The list's table as `source d`. */
export const sourceTable = (source: ListSource): SQL => sql.raw(getTableName(LIST_SOURCES[source]));

/** The filters of the list query (what narrows the set, as opposed to sort and paging). */
export type ListFilter = Exclude<keyof TDealListQuery, 'sort' | 'page' | 'page_size' | 'email'>;

type Served<S extends ListSource> = { sources: readonly S[]; column: SharedColumn<S> };
export const servedBy = <S extends ListSource>(sources: readonly S[], column: SharedColumn<S>): Served<S> => ({ sources, column });

/**
 * Which tables can serve each filter, and the column it reads there. The column must exist in
 * every table named, so declaring that deal_totals serves a close-date filter fails the type
 * check; a filter added to the contract fails it too until it is declared here.
 */
export const FILTER_SOURCES = {
  owners: servedBy(['totals', 'search', 'deals'], 'ownerId'),
  stages: servedBy(['totals', 'search', 'deals'], 'stageId'),
  pipelines: servedBy(['totals', 'search', 'deals'], 'pipelineId'),
  close_from: servedBy(['search', 'deals'], 'closedate'),
  close_to: servedBy(['search', 'deals'], 'closedate'),
  search: servedBy(['search'], 'searchText'),
} as const satisfies Record<ListFilter, { sources: readonly ListSource[]; column: string }>;

const LIST_FILTERS = Object.keys(FILTER_SOURCES) as ListFilter[];

/** A filter's column as `d.<column>`, from the first table that serves it (the others share the name). */
export function filterColumn(filter: ListFilter): SQL {
  const { sources, column } = FILTER_SOURCES[filter];
  const columns: Record<string, PgColumn> = getTableColumns(LIST_SOURCES[sources[0]!]);
  return ref('d', columns[column]!);
}

type FilterValues = Pick<TDealListQuery, ListFilter>;
const isSet = (q: FilterValues, filter: ListFilter) => {
  const value = q[filter];
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
};

/** The first table of `preference` that serves every filter `q` sets. */
function firstServing(q: FilterValues, preference: readonly ListSource[]): ListSource {
  const used = LIST_FILTERS.filter((f) => isSet(q, f));
  const found = preference.find((source) => used.every((f) => (FILTER_SOURCES[f].sources as readonly ListSource[]).includes(source)));
  // deal_search serves every filter, so this cannot happen while FILTER_SOURCES says so.
  if (!found) throw new Error(`No deals list table serves the filters ${used.join(', ')}`);
  return found;
}

/** Where the page's ids come from: deals and its indexes, or deal_search when a filter needs it (a search). */
export const pageSource = (q: FilterValues): ListSource => firstServing(q, ['deals', 'search']);

/**
 * Where `total` and `total_amount` come from: deal_totals whenever it serves every filter set; otherwise (a
 * close-date range, a search) the month and search-term totals with the deals at a range's edges (deal-totals-sql.ts).
 */
export const totalsSource = (q: FilterValues): ListSource => firstServing(q, ['totals', 'deals', 'search']);
