import '@blueprintjs/table/lib/css/table.css';
import { Cell, Column, Table2 } from '@blueprintjs/table';

/** The rows in view, as the table reports them. */
interface RowIndices {
  rowIndexStart: number;
  rowIndexEnd: number;
}
import { Button, HTMLTable, NonIdealState, Popover, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@web/shared/lib/dates';
import { useHistoryQuery, type HistoryQuery, type HistoryRow } from '../api/audit-api';
import { HISTORY_ROW_HEIGHT, HISTORY_ROWS_PER_PAGE, historyTexts as t } from '../constants';

type Filters = Omit<HistoryQuery, 'page' | 'pageSize' | 'before'>;

/** What the server counted: exact, or at least `count` when `more`. */
interface Total {
  count: number;
  more: boolean;
}

/** The screens that show an entity of each type (one screen for all of them, but locations). */
const ENTITY_SCREENS: Readonly<Record<string, string>> = {
  user: '/users',
  useremail: '/users',
  staff: '/staff',
  posttemplate: '/location-template',
  templatepost: '/location-template',
  companysettings: '/metadeta',
  locationdefaults: '/default-location',
  locationgroups: '/location-groups',
  gmbaccount: '/connected-accounts',
  gmbconnection: '/connected-accounts',
  review: '/company-reviews',
  'review-automation': '/company-reviews',
  brand: '/brandsettings',
  'reviews-ai': '/brandsettings',
  bulkedit: '/bulk-edit',
};

/** Where an entity's own screen is, when it has one: a location's details for it and for what belongs to it. */
export const entityLink = (row: Pick<HistoryRow, 'EntityType' | 'EntityId'> & Partial<Pick<HistoryRow, 'NamedBy'>>): string | null => {
  if (row.EntityType === 'location') return `/${row.EntityId}/location-details`;
  if (row.NamedBy?.startsWith('location:')) return `/${row.NamedBy.slice('location:'.length)}/location-details`;
  return ENTITY_SCREENS[row.EntityType] ?? null;
};

export const historyLinkOf = (entityType: string, entityId: string) =>
  `/history?entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`;

export const whoText = (row: HistoryRow): string => `${row.Actor.Name}${row.Actor.AsAdministrator ? ` (${t.asAdministrator})` : ''}`;

export const changeText = (c: HistoryRow['Changes'][number]): string =>
  c.Secret ? `${c.Field}: ${t.changed}` : c.Before === null ? `${c.Field}: ${c.After ?? ''}` : `${c.Field}: ${c.Before || '∅'} → ${c.After || '∅'}`;

export const whatText = (row: HistoryRow): string => {
  const parts: string[] = [row.Label];
  if (row.RestoredFrom) parts.push(t.restoredFrom(row.RestoredFrom.Position, formatDateTime(row.RestoredFrom.At)));
  if (row.Outcome === 'refused' && row.Reason) parts.push(`refused: ${row.Reason}`);
  if (row.CausedBy) parts.push(t.causedBy(row.CausedBy.Label, row.CausedBy.Position));
  return parts.join(' — ');
};

/** The changes of a line: a summary in the cell, every field in full one click away, over the cell. */
function ChangesCell({ row }: { row: HistoryRow }) {
  if (row.Changes.length === 0) return null;
  const summary = row.Changes.map(changeText).join('; ');
  return (
    <span className="locus-history-changes">
      <Popover
        placement="bottom-start"
        content={
          <div className="locus-history-changes-full" data-testid="history-changes-full">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t.field}</th>
                  <th>{t.before}</th>
                  <th>{t.after}</th>
                </tr>
              </thead>
              <tbody>
                {row.Changes.map((c) => (
                  <tr key={c.Field}>
                    <td>{c.Field}</td>
                    <td>{c.Secret ? t.changed : (c.Before ?? '')}</td>
                    <td>{c.Secret ? t.changed : (c.After ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        }
      >
        <Button size="small" variant="minimal" icon="chevron-down" aria-label={t.showChanges(row.Changes.length)} title={t.showChanges(row.Changes.length)} />
      </Popover>
      {summary}
    </span>
  );
}

/**
 * Reads one page (RTK Query caches it and live changes refresh it) and hands it up; `before`
 * (the previous page's last position) lets the server read it from there, however deep.
 */
function PageLoader({
  filters,
  page,
  before,
  onPage,
}: {
  filters: Filters;
  page: number;
  before: number | undefined;
  onPage: (page: number, rows: HistoryRow[], total: Total) => void;
}) {
  const { data } = useHistoryQuery({ ...filters, page, pageSize: HISTORY_ROWS_PER_PAGE, before });
  useEffect(() => {
    if (data) onPage(page, data.Data, { count: data.TotalRecords, more: data.MoreRecords });
  }, [data, page, onPage]);
  return null;
}

/**
 * The history as a virtualised @blueprintjs/table: it renders the rows in view and asks the
 * server only for the pages those rows fall in, so a million events scroll as smoothly as ten.
 */
export function HistoryTable({ filters }: { filters: Filters }) {
  const key = JSON.stringify(filters);
  const [pages, setPages] = useState<Record<number, HistoryRow[]>>({});
  const [total, setTotal] = useState<Total | null>(null);
  const [wanted, setWanted] = useState<number[]>([1]);
  useEffect(() => {
    setPages({});
    setTotal(null);
    setWanted([1]);
  }, [key]);
  const onPage = useCallback((page: number, rows: HistoryRow[], next: Total) => {
    setPages((p) => ({ ...p, [page]: rows }));
    // The server counts a little past each page: a deeper page's count is the better one.
    setTotal((t) => (t && t.more && next.more && t.count > next.count ? t : next));
  }, []);
  const onVisibleCellsChange = useCallback((rows: RowIndices) => {
    const first = Math.floor(rows.rowIndexStart / HISTORY_ROWS_PER_PAGE) + 1;
    const last = Math.floor(rows.rowIndexEnd / HISTORY_ROWS_PER_PAGE) + 1;
    const next: number[] = [];
    for (let p = first; p <= last; p++) next.push(p);
    setWanted((w) => (w.join() === next.join() ? w : next));
  }, []);
  const rowAt = useCallback(
    (index: number): HistoryRow | undefined => pages[Math.floor(index / HISTORY_ROWS_PER_PAGE) + 1]?.[index % HISTORY_ROWS_PER_PAGE],
    [pages],
  );
  const cell = useCallback(
    (render: (row: HistoryRow) => React.ReactNode, interactive = false) =>
      (index: number) => {
        const row = rowAt(index);
        return (
          <Cell loading={!row} interactive={interactive}>
            {row ? render(row) : null}
          </Cell>
        );
      },
    [rowAt],
  );
  const columns = useMemo(
    () => [
      <Column key="when" name={t.columns.when} cellRenderer={cell((r) => formatDateTime(r.OccurredAt))} />,
      <Column key="who" name={t.columns.who} cellRenderer={cell((r) => whoText(r))} />,
      <Column
        key="entity"
        name={t.columns.entity}
        cellRenderer={cell((r) => {
          const link = entityLink(r);
          // "Google account: Acme Ltd", or the type alone when the entity has no name: never a bare id.
          const words = r.EntityTypeWords;
          const name = r.EntityName;
          const shown = name || words;
          return (
            <span title={`${r.EntityType} ${r.EntityId}`}>
              {name ? `${words}: ` : ''}
              {link ? <Link to={link}>{shown}</Link> : shown} <Link to={historyLinkOf(r.EntityType, r.EntityId)}>({t.title})</Link>
            </span>
          );
        }, true)}
      />,
      <Column key="what" name={t.columns.what} cellRenderer={cell((r) => whatText(r))} />,
      <Column
        key="changes"
        name={t.columns.changes}
        cellRenderer={cell(
          (r) => (
            <ChangesCell row={r} />
          ),
          true,
        )}
      />,
    ],
    [cell],
  );
  return (
    <div className="locus-history-table" data-testid="history-table">
      {wanted.map((page) => {
        // After a loaded page, from its last line; after one still loading, once it is in; else by offset.
        const previous = pages[page - 1];
        if (page > 1 && !previous && wanted.includes(page - 1)) return null;
        return <PageLoader key={`${key}:${page}`} filters={filters} page={page} before={previous?.at(-1)?.Position} onPage={onPage} />;
      })}
      {total === null ? (
        <Spinner size={30} />
      ) : total.count === 0 ? (
        <NonIdealState icon="history" title={t.empty} />
      ) : (
        <>
          <p className="locus-history-count" data-testid="history-count">
            {total.count.toLocaleString('en-US')}
            {total.more ? '+' : ''} event(s)
          </p>
          <Table2
            numRows={total.count}
            defaultRowHeight={HISTORY_ROW_HEIGHT}
            columnWidths={[170, 200, 260, 280, 520]}
            enableRowHeader={false}
            onVisibleCellsChange={onVisibleCellsChange}
            cellRendererDependencies={[pages]}
            enableFocusedCell={false}
          >
            {columns}
          </Table2>
        </>
      )}
    </div>
  );
}
