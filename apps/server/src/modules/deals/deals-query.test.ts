import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { DEAL_SORTS, ZDealListQuery } from '@pipewise/contract/deals';
import { scope } from '../access/scopes';
import { escapeLike } from '../../db/ranked-match';
import { dealFilters, orderBy } from './deals-query';

const dialect = new PgDialect();
const admin = { id: 'u-1', organizationId: 'org-1', role: 'admin' };
const render = (q: Record<string, string>, viewer = admin) =>
  dialect.sqlToQuery(dealFilters('org-1', scope.deals(viewer, 'd'), ZDealListQuery.parse(q)));

describe('escapeLike', () => {
  it.each([
    ['50%', '50\\%'],
    ['cfo_office', 'cfo\\_office'],
    ['a\\b', 'a\\\\b'],
    ['%_\\', '\\%\\_\\\\'],
    ['plain', 'plain'],
  ])('%j -> %j', (input, escaped) => {
    expect(escapeLike(input)).toBe(escaped);
  });
});

describe('orderBy', () => {
  it.each(DEAL_SORTS)('%s ends with the id tie-break, nulls last where a value may be missing', (sort) => {
    const text = dialect.sqlToQuery(orderBy(sort)).sql;
    expect(text).toMatch(/, d\.id desc$|^d\.id desc$/);
    if (/amount|closedate/.test(sort)) expect(text).toContain('nulls last');
  });
});

describe('dealFilters', () => {
  it('without filters is the workspace and the visibility scope only', () => {
    const q = render({});
    expect(q.sql).toBe('d.organization_id = $1');
    expect(q.params).toEqual(['org-1']);
    // A rep's scope: the owner among the ids of the rep's subtree, as one array taken before the scan.
    const rep = render({}, { ...admin, role: 'user' });
    expect(rep.sql).toMatch(/^d\.organization_id = \$1 and d\.owner_id = any\(array\(with recursive tree as \(/);
  });

  it('casts only well-formed uuids, so odd 36-character values cannot fail the query', () => {
    const id = '0c762355-1934-4c87-8c96-6bbefc79eb72';
    const q = render({ owners: `${id},${'-'.repeat(36)},${'a'.repeat(36)}`, stages: `${'0'.repeat(36)},Lead` });
    expect(q.sql.match(/::uuid/g)).toHaveLength(1);
    expect(q.params).toContain(id);
  });

  it('searches with an escaped, lower-cased pattern over the stored search text (the fields joined by a separator)', () => {
    const q = render({ search: '  50%_Off  ' });
    expect(q.params.filter((p) => p === '%50\\%\\_off%')).toHaveLength(1);
    expect(q.sql).toContain('d.search_text like');
    expect(q.sql).not.toContain('lower(f.dealname) like');
  });

  it('checks each field on its own when the term holds the separator', () => {
    const q = render({ search: 'foo\x1fbar' });
    expect(q.params.filter((p) => p === '%foo\x1fbar%')).toHaveLength(4);
    expect(q.sql).toContain('lower(f.dealname) like');
    expect(q.sql).toContain("lower(coalesce(f.nextsteps, '')) like");
    expect(q.sql).toContain("lower(coalesce(f.kdm, '')) like");
  });

  it('date bounds compare dates', () => {
    const q = render({ close_from: '2025-03-01', close_to: '2025-03-31' });
    expect(q.sql).toContain('d.closedate >= $2::date and d.closedate <= $3::date');
    expect(q.params).toEqual(['org-1', '2025-03-01', '2025-03-31']);
  });
});

describe('ZDealListQuery', () => {
  it('defaults and splits lists', () => {
    expect(ZDealListQuery.parse({ owners: ' a , ,b ', pipelines: '' })).toMatchObject({
      owners: ['a', 'b'],
      pipelines: [],
      stages: [],
      sort: 'created_desc',
      page: 1,
      page_size: 25,
    });
  });

  it.each([
    [{ page_size: 'abc' }, 'page_size must be one of 10, 25, 50, 100'],
    [{ page_size: '20' }, 'page_size must be one of 10, 25, 50, 100'],
    [{ page: 'x' }, 'page must be a whole number'],
    [{ page: '0' }, 'page starts at 1'],
    [{ close_from: '2024-02-30' }, 'close_from must be a date as yyyy-mm-dd'],
    [{ close_to: '2025-1-01' }, 'close_to must be a date as yyyy-mm-dd'],
  ])('%j is refused with %j', (q, message) => {
    const r = ZDealListQuery.safeParse(q);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });

  it('accepts a leap day', () => {
    expect(ZDealListQuery.parse({ close_from: '2024-02-29' }).close_from).toBe('2024-02-29');
  });
});
