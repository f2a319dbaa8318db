import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationWindow } from '../../lib/pagination';
import './pagination.css';

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Deals pages'. */
  label?: string;
};

/** Previous / numbered pages with ellipses / Next; see paginationWindow for which numbers show. */
export function Pagination({ page, pageCount, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 0) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="pagination-button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft size={16} aria-hidden="true" />
        Previous
      </button>
      <ul className="pagination-pages">
        {paginationWindow(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pagination-button pagination-number"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pagination-ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pagination-button" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
