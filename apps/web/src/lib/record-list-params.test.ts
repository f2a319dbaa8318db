import { describe, expect, it } from 'vitest';
import { recordListParams } from './record-list-params';

const { stateOf, paramsOf } = recordListParams(['name_asc', 'updated_desc'] as const, [10, 25, 50], 25);

describe('a record list in the address', () => {
  it('reads a shared link back into the same list, and writes only what differs from the defaults', () => {
    const state = stateOf(new URLSearchParams('search=kaveri&sort=updated_desc&owner_id=u1&page=3&page_size=50'));
    expect(state).toEqual({ search: 'kaveri', sort: 'updated_desc', owner: 'u1', page: 3, pageSize: 50 });
    expect(paramsOf(state).toString()).toBe('search=kaveri&sort=updated_desc&owner_id=u1&page=3&page_size=50');
    expect(paramsOf(stateOf(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to the defaults for an edited or stale address', () => {
    const state = stateOf(new URLSearchParams('sort=amount_desc&page=-2&page_size=7'));
    expect(state).toEqual({ search: '', sort: 'name_asc', owner: '', page: 1, pageSize: 25 });
    expect(stateOf(new URLSearchParams('page=2.5&page_size=abc'))).toMatchObject({ page: 1, pageSize: 25 });
  });
});
