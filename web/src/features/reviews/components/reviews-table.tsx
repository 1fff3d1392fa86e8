import { Button, ButtonGroup, Icon, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { ReviewSortField } from '@locus/contracts';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { useSignedInUser } from '@web/shared/session/session-context';
import { formatDate } from '@web/shared/lib/dates';
import { Avatar } from '@web/shared/ui/avatar';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCompanyReviewsQuery, useExportReviewsMutation, useLocationReviewsQuery, type ReviewRow, type ReviewsLazyBody } from '../api/reviews-api';
import { reviewTexts as t, SENTIMENT_INTENT } from '../constants';
import { HistoryDialog } from './history-dialog';
import { ReplyDialog, useDeleteReply } from './reply-dialog';
import { StarFilter, Stars } from './stars';
import { FeatureSlot } from '@web/app/feature-slots';

export interface ReviewsTableProps {
  /** Aggregate Reviews (the company) or Location details → Reviews (one location). */
  scope: { kind: 'company'; companyId: string } | { kind: 'location'; locationId: string };
  pageSize: number;
  sortFields: readonly ReviewSortField[];
  /** Location details: the headline "N Reviews" / "N Unresponded Reviews". */
  headline?: boolean;
}

const SORT_COLUMN: Partial<Record<ReviewSortField, string>> = {
  StarRating: 'review',
  ReviewReplyComment: 'response',
  CreateTime: 'date',
  LocationTitle: 'location',
};

/**
 * The lazy reviews table: server paging, the 5-star rating filter (the same star again clears
 * it; any change returns to the first page), unresponded-only, text search over reviewer and
 * comment, sorting, reply / edit / delete.
 */
export function ReviewsTable({ scope, pageSize, sortFields, headline }: ReviewsTableProps) {
  const [page, setPage] = useState(0);
  // Everyone who sees a review may answer it (staff members and owners of its location, admins) but the auditor, who only reads.
  const user = useSignedInUser();
  const canReply = user.role !== 'CompanyAuditor';
  const [minRating, setMinRating] = useState<number | null>(null);
  const [unresponded, setUnresponded] = useState(false);
  const [search, setSearch] = useState('');
  // the company list: one of the company's location groups, or '' for every location
  const [groupId, setGroupId] = useState('');
  const [sort, setSort] = useState<{ field: ReviewSortField; order: 1 | -1 }>({ field: 'CreateTime', order: -1 });
  const [replying, setReplying] = useState<ReviewRow | null>(null);
  const [showing, setShowing] = useState<ReviewRow | null>(null);
  const deleteReply = useDeleteReply();
  const term = useDebouncedValue(search.trim());

  const body: ReviewsLazyBody = {
    first: page * pageSize,
    rows: pageSize,
    sortField: sort.field,
    sortOrder: sort.order,
    globalFilter: term,
    Params: { OnlyUnrespondedReviews: unresponded, MinRating: minRating, ...(groupId ? { GroupId: groupId } : {}) },
  };
  const company = useCompanyReviewsQuery(scope.kind === 'company' ? { companyId: scope.companyId, body } : { companyId: '', body }, {
    skip: scope.kind !== 'company',
  });
  const location = useLocationReviewsQuery(scope.kind === 'location' ? { locationId: scope.locationId, body } : { locationId: '', body }, {
    skip: scope.kind !== 'location',
  });
  const { data, isFetching, isLoading } = scope.kind === 'company' ? company : location;
  const [exportCsv, exportState] = useExportReviewsMutation();

  /** What the table shows, every page of it, as a CSV file the browser saves. */
  const downloadCsv = async () => {
    const companyId = scope.kind === 'company' ? scope.companyId : user.companyId;
    if (!companyId) return;
    const query: Record<string, string> = { sortField: sort.field, sortOrder: String(sort.order), globalFilter: term };
    if (unresponded) query.OnlyUnrespondedReviews = 'true';
    if (minRating) query.MinRating = String(minRating);
    if (scope.kind === 'location') query.LocationId = scope.locationId;
    else if (groupId) query.GroupId = groupId;
    try {
      const csv = await exportCsv({ companyId, query }).unwrap();
      const file = `reviews-${new Date().toISOString().slice(0, 10)}.csv`;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast.success(t.exported(file));
    } catch (err) {
      toast.error(failureMessage(err, t.exportFailed));
    }
  };

  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  const sortBy = (field: ReviewSortField) => {
    setSort((s) =>
      s.field === field ? { field, order: s.order === 1 ? -1 : 1 } : { field, order: field === 'CreateTime' || field === 'StarRating' ? -1 : 1 },
    );
    setPage(0);
  };
  // the header cell announces the order (aria-sort belongs on the th)
  const sortState = (column: string): 'ascending' | 'descending' | 'none' | undefined => {
    const field = sortFields.find((f) => SORT_COLUMN[f] === column);
    if (!field) return undefined;
    return sort.field !== field ? 'none' : sort.order === 1 ? 'ascending' : 'descending';
  };
  const header = (text: string, column: string) => {
    const field = sortFields.find((f) => SORT_COLUMN[f] === column);
    if (!field) return text;
    const active = sort.field === field;
    return (
      <button type="button" className="locus-sort-header" onClick={() => sortBy(field)} aria-label={`${text}, ${t.sortBy.toLowerCase()} ${t.sorts[field]}`}>
        {text} <Icon icon={active ? (sort.order === 1 ? 'caret-up' : 'caret-down') : 'double-caret-vertical'} size={12} />
      </button>
    );
  };

  const columns: Column<ReviewRow>[] = [
    {
      header: header(t.columns.review, 'review'),
      sort: sortState('review'),
      label: t.columns.review,
      cell: (r) => (
        <div className="locus-review-cell" data-testid="review-cell">
          <Avatar name={r.ReviewerDisplayName} url={r.ReviewerProfilePhotoUrl} size={36} />
          <div>
            <div>
              <strong>{r.ReviewerDisplayName}</strong> <Stars value={r.StarRating} />{' '}
              <Tag minimal intent={SENTIMENT_INTENT[r.Sentiment]} title={`${r.SentimentScore}`}>
                {r.Sentiment}
              </Tag>{' '}
              {r.IsRemoved ? (
                <Tag intent="danger" title={r.RemovedAt ? formatDate(r.RemovedAt) : undefined}>
                  {t.reviewRemoved}
                </Tag>
              ) : null}
              {r.IsEdited ? (
                <Tag minimal interactive icon="edit" onClick={() => setShowing(r)} title={t.history}>
                  {t.edited}
                </Tag>
              ) : null}
            </div>
            {r.Comment ? <p className="locus-review-comment">{r.Comment}</p> : null}
          </div>
        </div>
      ),
    },
    ...(scope.kind === 'company'
      ? [{ header: header(t.columns.location, 'location'), sort: sortState('location'), label: t.columns.location, cell: (r: ReviewRow) => r.LocationTitle }]
      : []),
    {
      header: header(t.columns.response, 'response'),
      sort: sortState('response'),
      label: t.columns.response,
      cell: (r) => (
        <div data-testid="review-response">
          {r.ReviewReplyComment ? (
            <>
              <p className="locus-review-comment">{r.ReviewReplyComment}</p>
              <div className="locus-muted">
                {r.ReviewReplyUpdateTime ? t.repliedOn(formatDate(r.ReviewReplyUpdateTime)) : null}
                {r.ReplyBy && r.ReplyBy.kind !== 'google' ? ` ${t.replyBy(r.ReplyBy.name)}` : ''}
              </div>
            </>
          ) : (
            <span className="locus-muted">{t.notRepliedYet}</span>
          )}
          {r.ReplyState === 'pending' ? (
            <Tag minimal intent="primary">
              {t.pending}
            </Tag>
          ) : null}
          {r.ReplyState === 'deleting' ? (
            <Tag minimal intent="primary">
              {t.deleting}
            </Tag>
          ) : null}
          {r.ReplyState === 'failed' ? (
            <Tag minimal intent="danger" title={r.ReplyError ?? undefined}>
              {t.failed}
            </Tag>
          ) : null}
        </div>
      ),
    },
    { header: header(t.columns.date, 'date'), sort: sortState('date'), label: t.columns.date, cell: (r) => formatDate(r.CreateTime), width: 120 },
    {
      header: t.columns.actions,
      width: 170,
      cell: (r) =>
        r.IsRemoved || !canReply ? (
          <Button size="small" icon="history" text={t.history} onClick={() => setShowing(r)} />
        ) : (
          <ButtonGroup>
            <Button size="small" icon="history" aria-label={t.history} title={t.history} onClick={() => setShowing(r)} />
            <Button size="small" icon="chat" text={r.ReviewReplyComment ? t.editReply : t.reply} onClick={() => setReplying(r)} />
            {r.ReviewReplyComment ? (
              <Button size="small" icon="trash" intent="danger" aria-label={t.deleteReply} title={t.deleteReply} onClick={() => void deleteReply.run(r)} />
            ) : null}
          </ButtonGroup>
        ),
    },
  ];

  const total = data?.filteredResultsCount ?? 0;
  return (
    <div className="locus-reviews-table">
      {headline ? (
        <h3 className="locus-section-title" data-testid="reviews-headline">
          {unresponded ? t.unrespondedHeadline(total) : t.reviewsHeadline(total)}
        </h3>
      ) : null}
      <SearchBar
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(0);
        }}
        onClear={() => {
          setSearch('');
          setMinRating(null);
          setUnresponded(false);
          setPage(0);
        }}
        placeholder={t.search}
        clearText={t.clear}
      >
        <span className="locus-filter-label" title={t.ratingHint}>
          {t.ratingFilter}
        </span>
        <StarFilter value={minRating} onChange={changed(setMinRating)} label={t.ratingFilter} />
        <Switch
          className="locus-inline-switch"
          label={t.onlyUnresponded}
          checked={unresponded}
          onChange={(e) => changed(setUnresponded)(e.currentTarget.checked)}
        />
        {scope.kind === 'company' ? <FeatureSlot name="locationGroupFilter" value={groupId} onChange={changed(setGroupId)} /> : null}
        <Button icon="export" text={t.exportCsv} title={t.exportHint} variant="outlined" loading={exportState.isLoading} onClick={() => void downloadCsv()} />
      </SearchBar>
      <PaginatedTable
        rows={data?.data ?? []}
        columns={columns}
        rowKey={(r) => r.Id}
        pageSize={pageSize}
        paginator="always"
        emptyText={t.noReviews}
        loading={isLoading || (isFetching && !data)}
        server={{ total, page, onPageChange: setPage }}
      />
      {replying ? <ReplyDialog review={replying} onClose={() => setReplying(null)} /> : null}
      {showing ? <HistoryDialog review={showing} onClose={() => setShowing(null)} /> : null}
    </div>
  );
}
