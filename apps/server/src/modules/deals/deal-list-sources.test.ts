import { getTableColumns } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { DEAL_SORTS, ZDealListQuery } from '@pipewise/contract/deals';
import { FILTER_SOURCES, LIST_SOURCES, pageSource, servedBy, totalsSource, type ListFilter } from './deal-list-sources';
import { matchSortColumns, orderBy } from './deals-query';

const dialect = new PgDialect();
const text = (q: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(q).sql;

describe('the tables that serve each list filter', () => {
  it.each(Object.keys(FILTER_SOURCES) as ListFilter[])('%s: every table named has its column, under one name', (filter) => {
    const { sources, column } = FILTER_SOURCES[filter];
    const names = sources.map((s) => (getTableColumns(LIST_SOURCES[s]) as Record<string, { name: string } | undefined>)[column]?.name);
    expect(names.every((n) => n !== undefined && n === names[0])).toBe(true);
  });

  it('a table that lacks the column cannot be declared to serve a filter (type check)', () => {
    // @ts-expect-error deal_totals has no close date
    const wrong = servedBy(['totals', 'deals'], 'closedate');
    expect(wrong.sources).toContain('totals');
  });

  it.each([
    [{}, 'deals', 'totals'],
    [{ owners: 'a,b', stages: 'Lead', pipelines: 'Sales' }, 'deals', 'totals'],
    [{ close_from: '2025-01-01' }, 'deals', 'deals'],
    [{ close_to: '2025-01-01', owners: 'a' }, 'deals', 'deals'],
    [{ search: 'pharma' }, 'search', 'search'],
    [{ search: 'pharma', close_from: '2025-01-01', pipelines: 'Sales' }, 'search', 'search'],
  ])('%j: page ids from %s, totals from %s', (q, page, totals) => {
    const parsed = ZDealListQuery.parse(q);
    expect(pageSource(parsed)).toBe(page);
    expect(totalsSource(parsed)).toBe(totals);
  });
});

describe('the columns a search carries for its sort', () => {
  it.each(DEAL_SORTS)('%s: the matches hold every column the order reads', (sort) => {
    const ordered = [...text(orderBy(sort)).matchAll(/\bd\.(\w+)/g)].map((m) => m[1]!);
    const carried = ['id', 'amount', ...[...text(matchSortColumns(sort)).matchAll(/\bd\.(\w+)/g)].map((m) => m[1]!)];
    for (const column of ordered) expect(carried).toContain(column);
  });

  it('adds nothing for the sorts by id or amount, and the sort column otherwise', () => {
    expect(text(matchSortColumns('created_desc'))).toBe('');
    expect(text(matchSortColumns('amount_asc'))).toBe('');
    expect(text(matchSortColumns('closedate_desc'))).toBe(', d.closedate');
    expect(text(matchSortColumns('dealname_asc'))).toBe(', d.dealname');
  });
});
