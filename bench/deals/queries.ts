import type { Dataset } from './dataset';

export type ViewerKind = 'admin' | 'manager' | 'rep';

/** One kind of first-page request to GET /api/deal/get-deals-user-hierarchy. */
export type DealQuery = {
  name: string;
  viewer: ViewerKind;
  /** The query string exactly as the web app would send it. */
  params: Record<string, string>;
};

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Close-date windows relative to today, like the generated close dates (today ± 1 year). */
function closeWindows(now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const nextMonth = { from: day(new Date(Date.UTC(y, m + 1, 1))), to: day(new Date(Date.UTC(y, m + 2, 0))) };
  const quarter = { from: day(new Date(Date.UTC(y, m + 1, 1))), to: day(new Date(Date.UTC(y, m + 4, 0))) };
  return { today: day(now), nextMonth, quarter };
}

/**
 * The query kinds of the benchmark, page 1 of 25 unless stated. The deep page sits at offset
 * ~50k whatever the size, as it would for a user paging that far.
 */
export function dealQueries(ds: Dataset): DealQuery[] {
  const w = closeWindows();
  const [sales, enterprise] = ds.pipelines;
  const reps = ds.users.reps;
  const threeOwners = [reps[3]!, reps[12]!, reps[25]!].map((u) => u.id).join(',');
  const q = (name: string, params: Record<string, string>, viewer: ViewerKind = 'admin'): DealQuery => ({
    name,
    viewer,
    params: { page: '1', page_size: '25', ...params },
  });
  return [
    q('no filter', {}),
    q('owners (3)', { owners: threeOwners }),
    q('stages (2)', { stages: [enterprise!.stages[1]!.id, enterprise!.stages[3]!.id].join(',') }),
    q('pipeline', { pipelines: enterprise!.id }),
    q('close date, one month', { close_from: w.nextMonth.from, close_to: w.nextMonth.to }),
    q('close date from (open-ended)', { close_from: w.today }),
    q(`search common "${ds.search.common}"`, { search: ds.search.common }),
    q(`search rare "${ds.search.rare}"`, { search: ds.search.rare }),
    q('combined (pipeline+2 stages+quarter+search)', {
      pipelines: sales!.label,
      stages: [sales!.stages[0]!.id, sales!.stages[2]!.id].join(','),
      close_from: w.quarter.from,
      close_to: w.quarter.to,
      search: ds.search.common,
    }),
    q("manager's view", {}, 'manager'),
    q("rep's view", {}, 'rep'),
    q(`rep's search "${ds.search.common}"`, { search: ds.search.common }, 'rep'),
    q('deep page (2000 of 25)', { page: '2000' }),
    q('sort by amount', { sort: 'amount_desc' }),
  ];
}

export const queryString = (params: Record<string, string>) => new URLSearchParams(params).toString();
