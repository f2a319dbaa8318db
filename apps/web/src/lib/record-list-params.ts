/**
 * A server-paged record list's state in the address (the companies and contacts screens): a shared
 * link or Back restores it. The sorts and page sizes come from the caller (the contract's), so this
 * file, in every page's first download, brings no schema with it.
 */
export type RecordListState<S extends string = string> = { search: string; sort: S; owner: string; page: number; pageSize: number };

/** How the screens name the contract's record sorts. */
export const RECORD_SORT_LABELS: Record<string, string> = {
  name_asc: 'Name A to Z',
  name_desc: 'Name Z to A',
  created_desc: 'Newest first',
  updated_desc: 'Recently changed',
};

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** `stateOf` reads the address (unknown values fall back to the defaults); `paramsOf` writes it, and the API's query, defaults left out. */
export function recordListParams<S extends string>(sorts: readonly S[], pageSizes: readonly number[], defaultPageSize: number) {
  const defaultSort = sorts[0]!;
  return {
    stateOf(params: URLSearchParams): RecordListState<S> {
      const sort = params.get('sort') ?? '';
      const size = positive(params.get('page_size'), defaultPageSize);
      return {
        search: params.get('search') ?? '',
        sort: (sorts as readonly string[]).includes(sort) ? (sort as S) : defaultSort,
        owner: params.get('owner_id') ?? '',
        page: positive(params.get('page'), 1),
        pageSize: pageSizes.includes(size) ? size : defaultPageSize,
      };
    },
    paramsOf(state: RecordListState<S>): URLSearchParams {
      const p = new URLSearchParams();
      if (state.search) p.set('search', state.search);
      if (state.sort !== defaultSort) p.set('sort', state.sort);
      if (state.owner) p.set('owner_id', state.owner);
      if (state.page > 1) p.set('page', String(state.page));
      if (state.pageSize !== defaultPageSize) p.set('page_size', String(state.pageSize));
      return p;
    },
  };
}
