import { useId } from 'react';
import { pageCountOf, pageRange } from '../../lib/pagination';
import { Pagination } from './pagination';

type ListPagerProps = {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  /** What the list holds, plural: 'companies'. */
  noun: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** 'Showing X to Y of Z companies', the page buttons and 'Show: N per page'. */
export function ListPager({ page, pageSize, pageSizes, total, noun, onPageChange, onPageSizeChange }: ListPagerProps) {
  const sizeId = useId();
  const range = pageRange(page, pageSize, total);
  return (
    <div className="list-pager">
      <p className="list-pager-range" aria-live="polite">
        {range ? `Showing ${range.from} to ${range.to} of ${total} ${noun}` : null}
      </p>
      <Pagination page={page} pageCount={pageCountOf(total, pageSize)} onPageChange={onPageChange} label={`${noun} pages`} />
      <div className="page-size">
        <label htmlFor={sizeId}>Show per page</label>
        <select
          id={sizeId}
          className="input select page-size-select"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
