import { Button, HTMLTable, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { clampPage, pageCount, pageOf, pageRange, showPaginator, type PaginatorMode } from '../lib/pagination';

export interface Column<T> {
  header: ReactNode;
  /** The column's name beside each cell on narrow screens; a text header is used when not given. */
  label?: string;
  cell: (row: T) => ReactNode;
  width?: string | number;
  /** The column's sort state, announced on its header cell (aria-sort belongs on the th, not its button). */
  sort?: 'ascending' | 'descending' | 'none';
}

interface Props<T> {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  pageSize: number;
  paginator: PaginatorMode;
  emptyText: string;
  loading?: boolean;
  /** Reset to the first page when this changes (e.g. the search text). */
  resetKey?: unknown;
  /** Server paging: `rows` is the current page; the table only drives the page index (zero-based). */
  server?: { total: number; page: number; onPageChange: (page: number) => void };
}

const labelOf = <T,>(c: Column<T>): string => c.label ?? (typeof c.header === 'string' ? c.header : '');

/**
 * A client-side paged table (Blueprint HTMLTable) with the spec's paginator rules. On narrow
 * screens each row becomes a card of labelled cells (styles.css), so every column and the row's
 * actions stay reachable without sideways scrolling.
 */
export function PaginatedTable<T>({ rows, columns, rowKey, pageSize, paginator, emptyText, loading, resetKey, server }: Props<T>) {
  const [localPage, setLocalPage] = useState(0);
  useEffect(() => setLocalPage(0), [resetKey]);
  const total = server ? server.total : rows.length;
  const current = clampPage(server ? server.page : localPage, total, pageSize);
  const setPage = server ? server.onPageChange : setLocalPage;
  const pages = pageCount(total, pageSize);
  const [from, to] = pageRange(current, total, pageSize);
  const visible = server ? [...rows] : pageOf(rows, current, pageSize);

  return (
    <div className="locus-table">
      <HTMLTable striped interactive className="locus-table-grid">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} style={c.width !== undefined ? { width: c.width } : undefined} aria-sort={c.sort}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columns.length}>
                <Spinner size={SpinnerSize.SMALL} />
              </td>
            </tr>
          ) : visible.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <NonIdealState description={emptyText} className="locus-empty" />
              </td>
            </tr>
          ) : (
            visible.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => (
                  <td key={i} data-label={labelOf(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
      {showPaginator(total, pageSize, paginator) ? (
        <nav className="locus-paginator" aria-label="Paginator">
          <span className="locus-paginator-range">
            Showing {from} to {to} of {total} entries
          </span>
          <Button icon="double-chevron-left" variant="minimal" disabled={current === 0} onClick={() => setPage(0)} aria-label="First page" />
          <Button icon="chevron-left" variant="minimal" disabled={current === 0} onClick={() => setPage(current - 1)} aria-label="Previous page" />
          <span>
            Page {current + 1} of {pages}
          </span>
          <Button icon="chevron-right" variant="minimal" disabled={current >= pages - 1} onClick={() => setPage(current + 1)} aria-label="Next page" />
          <Button icon="double-chevron-right" variant="minimal" disabled={current >= pages - 1} onClick={() => setPage(pages - 1)} aria-label="Last page" />
        </nav>
      ) : null}
    </div>
  );
}
