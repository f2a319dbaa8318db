import type { ReactNode, ThHTMLAttributes } from 'react';

type TableProps = {
  /** Names the table for screen readers (a caption hidden on screen). */
  caption: string;
  /** The header row's cells, e.g. `<ColumnHeader>Team</ColumnHeader>`. */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  className?: string;
  /** Rows are being replaced (e.g. the next page is loading). */
  busy?: boolean;
};

/** A data table in its scrolling, bordered frame: caption, one header row, body rows. */
export function Table({ caption, head, children, className, busy = false }: TableProps) {
  return (
    <div className="table-wrap">
      <table className={className ? `data-table ${className}` : 'data-table'} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

type ColumnHeaderProps = ThHTMLAttributes<HTMLTableCellElement> & {
  /** Read by screen readers only, e.g. over a column of row actions. */
  hiddenLabel?: boolean;
};

export function ColumnHeader({ hiddenLabel = false, children, ...th }: ColumnHeaderProps) {
  return (
    <th scope="col" {...th}>
      {hiddenLabel ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}
