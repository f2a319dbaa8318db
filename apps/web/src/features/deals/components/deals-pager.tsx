import { useId } from 'react';
import { DEAL_PAGE_SIZES } from '@pipewise/contract/deals';
import { Pagination } from '../../../components/ui/pagination';
import { pageCountOf, pageRange } from '../../../lib/pagination';

type DealsPagerProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The page the rows on screen came from; while the next page loads the text keeps describing them. */
  shown: { page: number; pageSize: number };
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** 'Showing X to Y of Z deals', the page buttons and 'Show: N per page'. */
export function DealsPager({ page, pageSize, total, shown, onPageChange, onPageSizeChange }: DealsPagerProps) {
  const sizeId = useId();
  const range = pageRange(shown.page, shown.pageSize, total);
  return (
    <div className="deals-pager">
      <p className="deals-pager-range" aria-live="polite">
        {range ? `Showing ${range.from} to ${range.to} of ${total} deals` : null}
      </p>
      <Pagination page={page} pageCount={pageCountOf(total, pageSize)} onPageChange={onPageChange} label="Deals pages" />
      <div className="page-size">
        <label htmlFor={sizeId} id={`${sizeId}-label`}>
          Show:
        </label>
        <select
          id={sizeId}
          className="input select page-size-select"
          value={pageSize}
          aria-labelledby={`${sizeId}-label ${sizeId}-suffix`}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {DEAL_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span id={`${sizeId}-suffix`}>per page</span>
      </div>
    </div>
  );
}
