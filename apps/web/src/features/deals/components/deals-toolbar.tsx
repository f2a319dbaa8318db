import { Columns3, Download, EllipsisVertical } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Dropdown, MenuItem } from '../../../components/ui/dropdown';
import { formatRs } from '../../../lib/format';
import { DEAL_COLUMNS, toggleColumn, type DealColumnId } from '../utils/deal-columns';
import type { OpenMenu } from './deals-filters';

type DealsToolbarProps = {
  total: number | null;
  totalAmount: string | null;
  columns: readonly DealColumnId[];
  onColumnsChange: (columns: DealColumnId[]) => void;
  exportUrl: string;
  sortedByValue: boolean;
  /** Sorted by the computed confidence score, lowest first (issue 30). */
  sortedByConfidence: boolean;
  groupedByStage: boolean;
  onRefresh: () => void;
  onToggleSortByValue: () => void;
  onToggleSortByConfidence: () => void;
  onToggleGroupByStage: () => void;
  openMenu: OpenMenu;
  setOpenMenu: Dispatch<SetStateAction<OpenMenu>>;
};

/** 'N Deals' and the 'RS' total of the whole filtered set, then Edit Columns, Export and the ⋮ menu. */
export function DealsToolbar(props: DealsToolbarProps) {
  const { total, totalAmount, columns, onColumnsChange, exportUrl, openMenu, setOpenMenu } = props;
  const openChange = (menu: 'columns' | 'actions') => (open: boolean) =>
    setOpenMenu((current) => (open ? menu : current === menu ? null : current));
  return (
    <div className="deals-toolbar-actions">
      <dl className="deal-metrics" aria-live="polite">
        <div className="deal-metric">
          <dt className="sr-only">Deals</dt>
          <dd>{total === null ? '…' : `${total} Deals`}</dd>
        </div>
        <div className="deal-metric">
          <dt className="sr-only">Total amount</dt>
          <dd>{totalAmount === null ? '…' : formatRs(totalAmount)}</dd>
        </div>
      </dl>
      <Dropdown
        open={openMenu === 'columns'}
        onOpenChange={openChange('columns')}
        panelLabel="Columns"
        align="end"
        trigger={
          <>
            <Columns3 size={16} aria-hidden="true" />
            Edit Columns
          </>
        }
      >
        {DEAL_COLUMNS.map((column) => (
          <MenuItem
            key={column.id}
            checked={columns.includes(column.id)}
            disabled={column.required}
            closeOnSelect={false}
            onSelect={() => onColumnsChange(toggleColumn(columns, column.id))}
          >
            {column.label}
          </MenuItem>
        ))}
      </Dropdown>
      <a className="btn btn-secondary" href={exportUrl} download>
        <Download size={16} aria-hidden="true" />
        Export
      </a>
      <Dropdown
        open={openMenu === 'actions'}
        onOpenChange={openChange('actions')}
        panelLabel="More actions"
        triggerLabel="More actions"
        triggerClassName="icon-button"
        align="end"
        trigger={<EllipsisVertical size={18} aria-hidden="true" />}
      >
        <MenuItem onSelect={props.onRefresh}>Refresh Data</MenuItem>
        <MenuItem checked={props.sortedByValue} onSelect={props.onToggleSortByValue}>
          Sort by Value
        </MenuItem>
        <MenuItem checked={props.sortedByConfidence} onSelect={props.onToggleSortByConfidence}>
          Sort by Confidence (lowest first)
        </MenuItem>
        <MenuItem checked={props.groupedByStage} onSelect={props.onToggleGroupByStage}>
          Group by Stage
        </MenuItem>
      </Dropdown>
    </div>
  );
}
