import { Button, ButtonGroup, Icon, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { inFormTerms } from '@locus/contracts';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { RatingStars } from '../form/rating-stars';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import {
  useDeleteLocationMutation,
  useExportLocationsMutation,
  useLocationsSummaryQuery,
  usePublishLocationMutation,
  type LocationRow,
} from '../api/locations-api';
import { locationTexts as t } from './constants';
import {
  buildExportQuery,
  buildFilteringData,
  clampToTotal,
  filteredCaption,
  INITIAL_DIRECTORY_STATE,
  pageIndexOf,
  toggleSort,
  withGlobalFilter,
  withFilters,
  withPage,
  type DirectorySortField,
  type DirectoryState,
  healthFiltersFromSearch,
} from './directory-request';
import { CreateLocationDialog } from './create-location-dialog';
import { EmailImportDialog } from './email-import-dialog';
import { DirectoryFilterBar } from './directory-filters';
import { GoogleChangedBadge } from '../google-changes/google-changed-badge';
import { GoogleChangesBulkBar, useLocationSelection } from '../google-changes/google-changes-bulk';
import { HealthCell } from '../health/health-cells';
import './directory.css';

const STATUS_INTENT: Record<string, Intent> = {
  Published: 'success',
  Unpublished: 'none',
  ClosedTemporarily: 'warning',
  ClosedPermanently: 'danger',
};

const sortOf = (state: DirectoryState, field: DirectorySortField): 'ascending' | 'descending' | 'none' =>
  state.sortField !== field ? 'none' : state.sortOrder === 1 ? 'ascending' : 'descending';

const SortHeader = ({
  label,
  field,
  state,
  onSort,
}: {
  label: string;
  field: DirectorySortField;
  state: DirectoryState;
  onSort: (f: DirectorySortField) => void;
}) => {
  const active = state.sortField === field;
  const icon = active ? (state.sortOrder === 1 ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical';
  return (
    <button type="button" className={`locus-sort-header${active ? ' is-active' : ''}`} onClick={() => onSort(field)}>
      {label} <Icon icon={icon} size={12} />
    </button>
  );
};

export interface LocationDirectoryProps {
  companyId: string;
  /** In the administrator's Update Company dialog: no Last Sync, no Actions, no create. */
  embedded?: boolean;
  /** Only this connected account's locations (/{accountId}/locations). */
  accountId?: string;
  /** Extra toolbar content (e.g. the page's own buttons). */
  toolbar?: ReactNode;
}

/** The lazy, server-paged location directory (spec part 1 §2 Location directory). */
export const LocationDirectory = ({ companyId, embedded = false, accountId, toolbar }: LocationDirectoryProps) => {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { confirmWithOption } = useConfirm();
  const [searchParams] = useSearchParams();
  // a link (the dashboard's listing-health tile) may open the directory filtered
  const [state, setState] = useState<DirectoryState>(() => withFilters(INITIAL_DIRECTORY_STATE, healthFiltersFromSearch(searchParams)));
  const [search, setSearch] = useState('');
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  // Clear also drops what is typed but not yet settled in the filter boxes (they remount).
  const [filterBarKey, setFilterBarKey] = useState(0);
  const settled = useDebouncedValue(search);
  useEffect(() => setState((s) => withGlobalFilter(s, settled.trim())), [settled]);

  const { data, isFetching, error } = useLocationsSummaryQuery({ companyId, body: buildFilteringData(state, accountId) }, { skip: !companyId });
  const [publish] = usePublishLocationMutation();
  const [remove] = useDeleteLocationMutation();
  const [exportCsv, exportState] = useExportLocationsMutation();
  useEffect(() => {
    if (data) setState((s) => clampToTotal(s, data.filteredResultsCount));
  }, [data]);

  const isAdmin = user.role === 'Administrator' || user.role === 'CompanyAdmin';
  const canManage = user.role === 'CompanyAdmin' && !embedded;
  const onSort = (field: DirectorySortField) => setState((s) => toggleSort(s, field));
  const clearFilters = () => {
    setSearch('');
    setState(INITIAL_DIRECTORY_STATE);
    setFilterBarKey((k) => k + 1);
  };

  /** The filtered list, every page, as a CSV file the browser saves. */
  const downloadCsv = async () => {
    try {
      const csv = await exportCsv({ companyId, query: buildExportQuery(state, accountId) }).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `locations-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      toast.error(failureMessage(err, t.exportFailed));
    }
  };

  const publishLocation = async (row: LocationRow) => {
    try {
      const res = await publish(row.Id).unwrap();
      if (res.ResponseMessage === t.publishPending) toast.info(res.ResponseMessage);
      else toast.success(res.ResponseMessage || t.published);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const deleteLocation = async (row: LocationRow) => {
    const canDeleteOnGoogle = row.IsPublishedOnGMB && row.CanDeleteUsingApi;
    const answer = await confirmWithOption({ message: t.confirmDelete(row.Title), option: canDeleteOnGoogle ? t.deleteFromGoogleOption : undefined });
    if (!answer.confirmed) return;
    try {
      const res = await remove({ id: row.Id, deleteFromGoogle: canDeleteOnGoogle && answer.optionChecked }).unwrap();
      if (res.ResponseMessage === t.deletePending) toast.info(res.ResponseMessage);
      else toast.success(res.ResponseMessage || t.deleted);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<LocationRow>[] = [
    {
      header: <SortHeader label={t.columns.store} field="StoreCode" state={state} onSort={onSort} />,
      sort: sortOf(state, 'StoreCode'),
      label: t.columns.store,
      width: 120,
      cell: (l) => <span className="locus-store-code">{l.StoreCode}</span>,
    },
    {
      header: <SortHeader label={t.columns.description} field="Title" state={state} onSort={onSort} />,
      sort: sortOf(state, 'Title'),
      label: t.columns.description,
      cell: (l) => (
        <div className="locus-location-description">
          <div className="locus-location-title">{l.Title}</div>
          {[l.StreetAddressLine1, l.StreetAddressLine2, [l.Town, [l.State, l.PostCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
            .filter((line) => line.trim() !== '')
            .map((line, i) => (
              <div key={i} className="locus-muted">
                {line}
              </div>
            ))}
          {isAdmin && l.PrimaryOwner ? <div className="locus-managed-by">{t.managedBy(l.PrimaryOwner.Name)}</div> : null}
          <GoogleChangedBadge fields={l.GoogleChangedFields} />
          {l.GoogleError ? (
            <div className="locus-google-error" title={inFormTerms(l.GoogleError)}>
              <Icon icon="warning-sign" size={12} /> {inFormTerms(l.GoogleError)}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      header: <SortHeader label={t.columns.rating} field="TotalRatingsCount" state={state} onSort={onSort} />,
      sort: sortOf(state, 'TotalRatingsCount'),
      label: t.columns.rating,
      width: 150,
      cell: (l) => (
        <div>
          <RatingStars rating={l.TotalRating} />
          <div className="locus-muted">{t.totalReviews(l.TotalRatingsCount)}</div>
        </div>
      ),
    },
    {
      header: <SortHeader label={t.columns.status} field="OpenStatus" state={state} onSort={onSort} />,
      sort: sortOf(state, 'OpenStatus'),
      label: t.columns.status,
      width: 150,
      cell: (l) => (
        <div>
          <Tag minimal round intent={STATUS_INTENT[l.OpenStatus] ?? 'none'}>
            {t.status[l.OpenStatus] ?? l.OpenStatus}
          </Tag>
          {l.OpenStatus !== 'Published' && l.CanReopen ? <div className="locus-muted">{t.canBeReopened}</div> : null}
        </div>
      ),
    },
  ];
  const selection = useLocationSelection(data?.data ?? []);
  const canDecide = !embedded && (user.role === 'CompanyAdmin' || user.role === 'CompanyUser');
  if (canDecide) columns.unshift(selection.column);
  columns.push({
    header: <SortHeader label={t.columns.health} field="Completeness" state={state} onSort={onSort} />,
    sort: sortOf(state, 'Completeness'),
    label: t.columns.health,
    width: 150,
    cell: (l) => <HealthCell completeness={l.Completeness} missing={l.MissingFields} verification={l.Verification} />,
  });
  if (!embedded) {
    columns.push(
      {
        header: <SortHeader label={t.columns.lastSync} field="LastSyncDate" state={state} onSort={onSort} />,
        sort: sortOf(state, 'LastSyncDate'),
        label: t.columns.lastSync,
        width: 120,
        cell: (l) => (l.LastSyncDate ? formatDate(l.LastSyncDate) : <span className="locus-muted">{t.never}</span>),
      },
      {
        header: t.columns.actions,
        width: 130,
        cell: (l) => (
          <ButtonGroup variant="minimal">
            <Button
              icon="eye-open"
              title={t.view}
              aria-label={`${t.view} ${l.Title}`}
              onClick={() => navigate(`/${encodeURIComponent(l.Id)}/location-details`)}
            />
            {canManage && !l.LocationName ? (
              <Button icon="cloud-upload" intent="primary" title={t.publish} aria-label={`${t.publish} ${l.Title}`} onClick={() => void publishLocation(l)} />
            ) : null}
            {canManage ? (
              <Button icon="trash" intent="danger" title={t.delete} aria-label={`${t.delete} ${l.Title}`} onClick={() => void deleteLocation(l)} />
            ) : null}
          </ButtonGroup>
        ),
      },
    );
  }

  return (
    <div className="locus-directory">
      <div className="locus-toolbar">
        <span className="locus-directory-caption" data-testid="directory-caption">
          {filteredCaption(data?.filteredResultsCount ?? 0, data?.totalResultsCount ?? 0)}
        </span>
        <Button icon="filter-remove" text={t.clearFilters} variant="outlined" onClick={clearFilters} />
        <div className="locus-toolbar-spacer" />
        <InputGroup
          leftIcon="search"
          placeholder={t.searchPlaceholder}
          aria-label={t.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
          className="locus-toolbar-search"
          rightElement={isFetching ? <Icon icon="refresh" className="locus-fetching" /> : undefined}
        />
        {!embedded ? <Button icon="export" text={t.exportCsv} variant="outlined" loading={exportState.isLoading} onClick={() => void downloadCsv()} /> : null}
        {canManage ? <Button intent="primary" icon="add" text={t.createLocation} onClick={() => setCreateOpen(true)} /> : null}
        {canManage ? <Button icon="import" text={t.importEmails} variant="outlined" onClick={() => setImportOpen(true)} /> : null}
        {toolbar}
      </div>
      {!embedded ? (
        <DirectoryFilterBar
          key={filterBarKey}
          filters={state.filters}
          onChange={(change) => setState((s) => withFilters(s, change))}
          showAccount={!accountId}
        />
      ) : null}
      {canDecide ? <GoogleChangesBulkBar selected={selection.selected} onDone={selection.clear} /> : null}
      {error ? <div className="locus-field-error">{failureMessage(error, t.genericFailure)}</div> : null}
      <PaginatedTable
        rows={data?.data ?? []}
        columns={columns}
        rowKey={(l) => l.Id}
        pageSize={state.rows}
        paginator="always"
        emptyText={t.empty}
        loading={isFetching && !data}
        server={{ total: data?.filteredResultsCount ?? 0, page: pageIndexOf(state), onPageChange: (p) => setState((s) => withPage(s, p)) }}
      />
      {createOpen ? <CreateLocationDialog onClose={() => setCreateOpen(false)} /> : null}
      {importOpen ? <EmailImportDialog onClose={() => setImportOpen(false)} /> : null}
    </div>
  );
};
