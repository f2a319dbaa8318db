import { DEAL_PAGE_SIZES, DEAL_SORTS, DEFAULT_DEAL_PAGE_SIZE, isValidIsoDate, type TDealSort } from '@pipewise/contract/deals';

/**
 * The all-deals screen's state. It lives in the URL query string (same names as the API's query),
 * so Back, reload and shared links all restore it.
 */
export type DealListState = {
  owners: string[];
  stages: string[];
  pipelines: string[];
  closeFrom: string;
  closeTo: string;
  search: string;
  sort: TDealSort;
  page: number;
  pageSize: number;
  view: 'table' | 'stage';
};

export type FilterKey = 'owners' | 'stages' | 'pipelines';

export const DEFAULT_SORT: TDealSort = 'created_desc';

const list = (value: string | null) =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ]
    : [];

const isoOrEmpty = (value: string | null) => (value && isValidIsoDate(value) ? value : '');

/** Reads the state; anything missing or invalid falls back to its default. */
export function readListState(params: URLSearchParams): DealListState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  return {
    owners: list(params.get('owners')),
    stages: list(params.get('stages')),
    pipelines: list(params.get('pipelines')),
    closeFrom: isoOrEmpty(params.get('close_from')),
    closeTo: isoOrEmpty(params.get('close_to')),
    search: (params.get('search') ?? '').trim(),
    sort: (DEAL_SORTS as readonly string[]).includes(sort ?? '') ? (sort as TDealSort) : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (DEAL_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_DEAL_PAGE_SIZE,
    view: params.get('view') === 'stage' ? 'stage' : 'table',
  };
}

/** The API's query for this state (filters, search, sort, page and size), without empty values. */
export function apiQueryOf(state: DealListState, overrides: { page?: number; pageSize?: number; stages?: string[] } = {}): URLSearchParams {
  const out = new URLSearchParams();
  const stages = overrides.stages ?? state.stages;
  if (state.owners.length) out.set('owners', state.owners.join(','));
  if (stages.length) out.set('stages', stages.join(','));
  if (state.pipelines.length) out.set('pipelines', state.pipelines.join(','));
  if (state.closeFrom) out.set('close_from', state.closeFrom);
  if (state.closeTo) out.set('close_to', state.closeTo);
  if (state.search) out.set('search', state.search);
  out.set('sort', state.sort);
  out.set('page', String(overrides.page ?? state.page));
  out.set('page_size', String(overrides.pageSize ?? state.pageSize));
  return out;
}

/** The URL query for this state; defaults are left out so plain links stay plain. */
export function writeListState(state: DealListState): URLSearchParams {
  const out = apiQueryOf(state);
  if (state.sort === DEFAULT_SORT) out.delete('sort');
  if (state.page === 1) out.delete('page');
  if (state.pageSize === DEFAULT_DEAL_PAGE_SIZE) out.delete('page_size');
  if (state.view === 'stage') out.set('view', 'stage');
  return out;
}

export function hasActiveFilters(state: DealListState): boolean {
  return state.owners.length > 0 || state.stages.length > 0 || state.pipelines.length > 0 || Boolean(state.closeFrom || state.closeTo);
}

/**
 * Adds a filter value; an already chosen value changes nothing. Choosing a pipeline drops chosen
 * stages of other pipelines (`stagePipeline` maps a stage to its pipeline), since with AND they
 * could never match. Any real change goes back to page 1.
 */
export function addFilterValue(
  state: DealListState,
  key: FilterKey,
  value: string,
  stagePipeline: (stageId: string) => string | undefined = () => undefined,
): DealListState {
  if (state[key].includes(value)) return state;
  const next = { ...state, [key]: [...state[key], value], page: 1 };
  if (key === 'pipelines') {
    next.stages = state.stages.filter((stage) => {
      const pipeline = stagePipeline(stage);
      return pipeline === undefined || next.pipelines.includes(pipeline);
    });
  }
  return next;
}

export function removeFilterValue(state: DealListState, key: FilterKey, value: string): DealListState {
  if (!state[key].includes(value)) return state;
  return { ...state, [key]: state[key].filter((v) => v !== value), page: 1 };
}

export function setCloseDate(state: DealListState, closeFrom: string, closeTo: string): DealListState {
  if (state.closeFrom === closeFrom && state.closeTo === closeTo) return state;
  return { ...state, closeFrom, closeTo, page: 1 };
}

export function clearFilters(state: DealListState): DealListState {
  return { ...state, owners: [], stages: [], pipelines: [], closeFrom: '', closeTo: '', page: 1 };
}

export function setSearch(state: DealListState, search: string): DealListState {
  const trimmed = search.trim();
  return trimmed === state.search ? state : { ...state, search: trimmed, page: 1 };
}

export function setPageSize(state: DealListState, pageSize: number): DealListState {
  return pageSize === state.pageSize ? state : { ...state, pageSize, page: 1 };
}

/** A new order starts again from the first page. */
export function setSort(state: DealListState, sort: TDealSort): DealListState {
  return sort === state.sort ? state : { ...state, sort, page: 1 };
}
