import { CONTACT_SORTS, DEFAULT_RECORD_PAGE_SIZE, RECORD_PAGE_SIZES, type TContactListQuery } from '@pipewise/contract/companies';

export type ContactListState = { search: string; sort: TContactListQuery['sort']; owner: string; page: number; pageSize: number };

export const CONTACT_SORT_LABELS: Record<TContactListQuery['sort'], string> = {
  name_asc: 'Name A to Z',
  name_desc: 'Name Z to A',
  created_desc: 'Newest first',
  updated_desc: 'Recently changed',
};

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** The list's state from the address (a shared link or Back restores it); unknown values fall back to the defaults. */
export function stateOf(params: URLSearchParams): ContactListState {
  const sort = params.get('sort') ?? '';
  const size = positive(params.get('page_size'), DEFAULT_RECORD_PAGE_SIZE);
  return {
    search: params.get('search') ?? '',
    sort: (CONTACT_SORTS as readonly string[]).includes(sort) ? (sort as ContactListState['sort']) : 'name_asc',
    owner: params.get('owner_id') ?? '',
    page: positive(params.get('page'), 1),
    pageSize: (RECORD_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_RECORD_PAGE_SIZE,
  };
}

/** The address (and the API's query) of a state: defaults left out. */
export function paramsOf(state: ContactListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search) p.set('search', state.search);
  if (state.sort !== 'name_asc') p.set('sort', state.sort);
  if (state.owner) p.set('owner_id', state.owner);
  if (state.page > 1) p.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_RECORD_PAGE_SIZE) p.set('page_size', String(state.pageSize));
  return p;
}
