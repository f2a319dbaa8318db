import { describe, expect, it } from 'vitest';
import {
  addFilterValue,
  apiQueryOf,
  clearFilters,
  hasActiveFilters,
  readListState,
  removeFilterValue,
  setCloseDate,
  setPageSize,
  setSearch,
  writeListState,
} from './deal-list-params';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('deals list state in the URL', () => {
  it('defaults to page 1 of 25, newest first, no filters', () => {
    expect(read('')).toEqual({
      owners: [],
      stages: [],
      pipelines: [],
      closeFrom: '',
      closeTo: '',
      search: '',
      sort: 'created_desc',
      page: 1,
      pageSize: 25,
      view: 'table',
    });
    expect(writeListState(read('')).toString()).toBe('');
  });

  it('round-trips filters, search, sort, page and size through the query string', () => {
    const query =
      'owners=u1%2Cu2&stages=s1&pipelines=p1&close_from=2026-01-01&close_to=2026-03-31' +
      '&search=kaveri&sort=amount_desc&page=3&page_size=50&view=stage';
    const state = read(query);
    expect(state).toMatchObject({
      owners: ['u1', 'u2'],
      stages: ['s1'],
      pipelines: ['p1'],
      closeFrom: '2026-01-01',
      closeTo: '2026-03-31',
      search: 'kaveri',
      sort: 'amount_desc',
      page: 3,
      pageSize: 50,
      view: 'stage',
    });
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('falls back to defaults for invalid values', () => {
    expect(read('page=-2&page_size=7&sort=nope&close_from=2026-02-30&view=x')).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: 'created_desc',
      closeFrom: '',
      view: 'table',
    });
  });

  it("maps the state to the API's query (comma-separated lists, no view)", () => {
    const state = read('owners=u1,u2&pipelines=p1&close_to=2026-03-31&search=tea&view=stage');
    expect(Object.fromEntries(apiQueryOf(state))).toEqual({
      owners: 'u1,u2',
      pipelines: 'p1',
      close_to: '2026-03-31',
      search: 'tea',
      sort: 'created_desc',
      page: '1',
      page_size: '25',
    });
    expect(apiQueryOf(state, { page: 1, pageSize: 10, stages: ['s9'] }).get('stages')).toBe('s9');
  });
});

describe('filter changes', () => {
  const onPage3 = read('page=3&owners=u1');

  it('adds a value and goes back to page 1; a value already chosen changes nothing', () => {
    const next = addFilterValue(onPage3, 'owners', 'u2');
    expect(next).toMatchObject({ owners: ['u1', 'u2'], page: 1 });
    expect(addFilterValue(onPage3, 'owners', 'u1')).toBe(onPage3);
  });

  it('drops chosen stages of other pipelines when a pipeline is chosen', () => {
    const state = read('stages=s-sales,s-ent');
    const stagePipeline = (id: string) => ({ 's-sales': 'p-sales', 's-ent': 'p-ent' })[id];
    expect(addFilterValue(state, 'pipelines', 'p-ent', stagePipeline).stages).toEqual(['s-ent']);
  });

  it('removes a value, sets and clears the close date, clears everything but search', () => {
    expect(removeFilterValue(onPage3, 'owners', 'u1')).toMatchObject({ owners: [], page: 1 });
    const dated = setCloseDate(onPage3, '2026-01-01', '');
    expect(dated).toMatchObject({ closeFrom: '2026-01-01', closeTo: '', page: 1 });
    expect(hasActiveFilters(dated)).toBe(true);
    const cleared = clearFilters({ ...dated, search: 'tea' });
    expect(cleared).toMatchObject({ owners: [], stages: [], pipelines: [], closeFrom: '', closeTo: '', search: 'tea', page: 1 });
    expect(hasActiveFilters(cleared)).toBe(false);
  });

  it('a new search or page size goes back to page 1; the same one changes nothing', () => {
    expect(setSearch(onPage3, '  tea ')).toMatchObject({ search: 'tea', page: 1 });
    expect(setSearch(onPage3, '')).toBe(onPage3);
    expect(setPageSize(onPage3, 100)).toMatchObject({ pageSize: 100, page: 1 });
    expect(setPageSize(onPage3, 25)).toBe(onPage3);
  });
});
