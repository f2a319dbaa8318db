import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import type { TDeal, TDealSort } from '@pipewise/contract/deals';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { cellText, DEAL_COLUMNS, type DealColumnId } from '../utils/deal-columns';

/** Columns the server can sort by: first click, then the other direction. */
const SORTABLE: Partial<Record<DealColumnId, [TDealSort, TDealSort]>> = {
  dealname: ['dealname_asc', 'dealname_desc'],
  budget: ['amount_desc', 'amount_asc'],
  closedate: ['closedate_asc', 'closedate_desc'],
  // Lowest first: the deals at risk (issue 30).
  confidence: ['confidence_asc', 'confidence_desc'],
};

type DealsTableProps = {
  deals: readonly TDeal[];
  columns: readonly DealColumnId[];
  caption: string;
  sort?: TDealSort;
  onSort?: (sort: TDealSort) => void;
  busy?: boolean;
};

/** Memoised: the page re-renders as its other queries (owners, stages) answer; the rows need not. */
export const DealsTable = memo(function DealsTable({ deals, columns, caption, sort, onSort, busy = false }: DealsTableProps) {
  const location = useLocation();
  const shown = DEAL_COLUMNS.filter((c) => columns.includes(c.id));
  return (
    <Table
      caption={caption}
      className="deals-table"
      busy={busy}
      head={shown.map((column) => {
        const sorts = SORTABLE[column.id];
        const direction = sorts && sort === sorts[0] ? 0 : sorts && sort === sorts[1] ? 1 : null;
        const ascending = direction !== null && sorts ? sorts[direction].endsWith('_asc') : false;
        return (
          <ColumnHeader key={column.id} aria-sort={direction === null ? undefined : ascending ? 'ascending' : 'descending'}>
            {sorts && onSort ? (
              <button type="button" className="th-sort" onClick={() => onSort(direction === 0 ? sorts[1] : sorts[0])}>
                {column.label}
                {direction === null ? (
                  <ArrowUpDown size={14} aria-hidden="true" />
                ) : ascending ? (
                  <ArrowUp size={14} aria-hidden="true" />
                ) : (
                  <ArrowDown size={14} aria-hidden="true" />
                )}
              </button>
            ) : (
              column.label
            )}
          </ColumnHeader>
        );
      })}
    >
      {deals.map((deal) => (
        <tr key={deal.deal_id}>
          {shown.map((column) =>
            column.id === 'dealname' ? (
              <th key={column.id} scope="row" className="cell-deal-name">
                <Link to={deal.deal_id} state={{ listSearch: location.search }}>
                  {cellText(deal, 'dealname')}
                </Link>
              </th>
            ) : (
              <td
                key={column.id}
                className={`cell-${column.id}`}
                title={column.id === 'painpoints' || column.id === 'kdm' ? (deal[column.id] ?? undefined) : undefined}
              >
                {cellText(deal, column.id)}
              </td>
            ),
          )}
        </tr>
      ))}
    </Table>
  );
});
