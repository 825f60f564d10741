import { useId, type ReactNode } from 'react';
import './DataTable.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's body cells. */
  className?: string;
  /** Classes of the column's header cell. */
  headerClassName?: string;
}

/**
 * A table of `rows`, one column per entry of `columns`. With a `caption` it sits in a labelled,
 * keyboard-focusable region that scrolls sideways on small screens (axe: a scrollable region must be
 * reachable by keyboard), with a hint that it does.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  caption,
  className,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  caption?: string;
  className?: string;
}) {
  const id = useId();
  const table = (
    <table className={className ? `table ${className}` : 'table'}>
      {caption && (
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
      )}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.headerClassName}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!caption) return <div className="table-wrap">{table}</div>;
  return (
    <div className="table-block">
      <p className="table-scroll-hint" aria-hidden="true">
        Scroll sideways to see every column.
      </p>
      <div className="table-wrap table-region" role="region" aria-labelledby={id} tabIndex={0}>
        {table}
      </div>
    </div>
  );
}
