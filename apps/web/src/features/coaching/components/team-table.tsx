import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COACHING_FIGURE_LABELS, COACHING_FIGURES, type TCoachingRow, type TCoachingTeam } from '@pipewise/contract/coaching';
import { formatFigure, NO_VALUE } from '../utils/figure-format';
import { nextSort, sortRows, type RowSort, type SortKey } from '../utils/sort-rows';
import { OutOfBandMark } from './out-of-band-mark';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'calls', label: 'Calls' },
  ...COACHING_FIGURES.map((figure) => ({ key: figure, label: COACHING_FIGURE_LABELS[figure] })),
];

type SortHeaderProps = { column: { key: SortKey; label: string }; sort: RowSort; onSort: (key: SortKey) => void };

/** A column header that sorts by its column: a button (keyboard and screen readers), aria-sort on the sorted one. */
function SortHeader({ column, sort, onSort }: SortHeaderProps) {
  const active = sort.key === column.key;
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined}>
      <button
        type="button"
        className="coaching-sort"
        onClick={() => onSort(column.key)}
        // A header half outside the table's frame scrolls fully in, its focus ring whole (scroll-padding).
        onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
      >
        {column.label}
        <Icon size={14} aria-hidden="true" />
      </button>
    </th>
  );
}

/** One person: their name (opens their page), calls, and each figure; '—' where they have no calls. */
function PersonRow({ row, search }: { row: TCoachingRow; search: string }) {
  return (
    <tr>
      <th scope="row" className="coaching-person">
        <Link to={`/dashboard/coaching/${encodeURIComponent(row.user_id)}${search}`}>{row.name}</Link>
        <span className="cell-secondary">{row.email}</span>
      </th>
      <td>{row.calls === 0 ? NO_VALUE : row.calls}</td>
      {COACHING_FIGURES.map((figure) => {
        const { value, calls, out_of_band } = row.figures[figure];
        return (
          <td key={figure}>
            <span className="coaching-cell">
              {row.calls === 0 ? NO_VALUE : formatFigure(figure, value)}
              {out_of_band && row.calls > 0 ? <OutOfBandMark figure={figure} value={value} /> : null}
              {row.calls > 0 && calls !== row.calls ? <span className="cell-secondary">{`${calls} of ${row.calls} calls`}</span> : null}
            </span>
          </td>
        );
      })}
    </tr>
  );
}

/**
 * Every person the viewer sees, one row each, sorted by any column (the name A to Z at first), with
 * the team's median below. The table scrolls sideways in its own frame on a phone.
 */
export function CoachingTeamTable({ team, search }: { team: TCoachingTeam; search: string }) {
  const [sort, setSort] = useState<RowSort>({ key: 'name', direction: 'ascending' });
  const rows = useMemo(() => sortRows(team.rows, sort), [team.rows, sort]);
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  const totalCalls = team.rows.reduce((sum, row) => sum + row.calls, 0);
  return (
    <div className="table-wrap coaching-table-wrap">
      <table className="data-table coaching-table">
        <caption className="sr-only">Coaching figures per person; the column headers sort the table</caption>
        <thead>
          <tr>
            <SortHeader column={{ key: 'name', label: 'Person' }} sort={sort} onSort={onSort} />
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <PersonRow key={row.user_id} row={row} search={search} />
          ))}
        </tbody>
        <tfoot>
          <tr className="coaching-median-row">
            <th scope="row">Team median</th>
            <td>{`${totalCalls} in all`}</td>
            {COACHING_FIGURES.map((figure) => (
              <td key={figure}>{formatFigure(figure, team.team_median[figure].value)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
