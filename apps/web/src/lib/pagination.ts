export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** How many numbered pages fit before the window kicks in. */
const SHOW_ALL_UP_TO = 5;
const SPREAD = 2;

/**
 * The page buttons to show: every page when there are 5 or fewer, otherwise the current page
 * plus or minus 2, always the first and last page, and an ellipsis for each skipped run.
 */
export function paginationWindow(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  if (pageCount <= SHOW_ALL_UP_TO) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const from = Math.max(2, page - SPREAD);
  const to = Math.min(pageCount - 1, page + SPREAD);
  const items: PageItem[] = [1];
  if (from > 2) items.push('start-ellipsis');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pageCount - 1) items.push('end-ellipsis');
  items.push(pageCount);
  return items;
}

export function pageCountOf(total: number, pageSize: number): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

/** 'Showing X to Y of Z' numbers for a 1-based page; null when there is nothing to show. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } | null {
  if (total <= 0) return null;
  const from = (page - 1) * pageSize + 1;
  if (from > total) return null;
  return { from, to: Math.min(page * pageSize, total) };
}
