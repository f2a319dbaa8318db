import type { TCoachingFigure, TCoachingRow } from '@pipewise/contract/coaching';

export type SortKey = 'name' | 'calls' | TCoachingFigure;
export type SortDirection = 'ascending' | 'descending';
export type RowSort = { key: SortKey; direction: SortDirection };

/** Names read A to Z first; numbers highest first (who talks the most, who asks the most). */
export const firstDirection = (key: SortKey): SortDirection => (key === 'name' ? 'ascending' : 'descending');

/** The sort after a click on a column's header: that column in its first direction, or the other way round. */
export function nextSort(current: RowSort, key: SortKey): RowSort {
  if (current.key !== key) return { key, direction: firstDirection(key) };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const valueOf = (row: TCoachingRow, key: SortKey): string | number | null =>
  key === 'name' ? row.name : key === 'calls' ? row.calls : row.figures[key].value;

/** The rows in the sort's order; people without a value stay at the bottom either way, then by name. */
export function sortRows(rows: readonly TCoachingRow[], sort: RowSort): TCoachingRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: TCoachingRow, b: TCoachingRow) => a.name.localeCompare(b.name);
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, sort.key), valueOf(b, sort.key)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order = typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
    return order === 0 ? byName(a, b) : sign * order;
  });
}
