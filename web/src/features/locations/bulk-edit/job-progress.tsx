import { Button, Callout, Intent, ProgressBar, SegmentedControl, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { BULK_EDIT_OUTCOMES_PAGE_SIZE } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import {
  useBulkEditJobQuery,
  useBulkEditOutcomesQuery,
  useCancelBulkEditMutation,
  useRetryBulkEditMutation,
  type BulkEditJobDetails,
  type BulkEditOutcomesPage,
} from '../api/bulk-edit-api';
import { bulkTexts as t } from './constants';

const STATUS_INTENT = { succeeded: Intent.SUCCESS, failed: Intent.DANGER, pending: Intent.NONE, cancelled: Intent.WARNING } as const;

type Job = BulkEditJobDetails['Job'];
type Outcome = BulkEditOutcomesPage['Data'][number];
type View = 'failed' | 'all';

const COLUMNS: Column<Outcome>[] = [
  { header: 'Store', cell: (o) => o.StoreCode },
  { header: 'Location', cell: (o) => o.Title },
  {
    header: 'Status',
    cell: (o) => (
      <Tag minimal intent={STATUS_INTENT[o.Status]}>
        {o.Status}
      </Tag>
    ),
  },
  {
    header: 'Reason',
    cell: (o) =>
      o.RefusedFields.length ? (
        <ul className="locus-bulk-refused">
          {o.RefusedFields.map((f) => (
            // each reason names its field already
            <li key={f.Field}>{f.Message}</li>
          ))}
        </ul>
      ) : (
        o.Message
      ),
  },
  {
    header: t.appliedThere,
    cell: (o) => <span data-testid="bulk-applied">{o.Status === 'pending' ? '' : o.AppliedFields.length ? o.AppliedFields.join(', ') : t.appliedNothing}</span>,
  },
];

/**
 * The job's locations, a page at a time: the failed ones (what a retry runs again) or all of
 * them in the selection's order. The rows shown refresh by their own live messages; rows joining
 * the failed view are noticed through the job's failed count, so the page is not read again on
 * every outcome of a large job.
 */
const JobOutcomes = ({ job }: { job: Job }) => {
  const [view, setView] = useState<View>('failed');
  const [page, setPage] = useState(0);
  const failedView = view === 'failed';
  const { data, isFetching } = useBulkEditOutcomesQuery(
    { jobId: job.JobId, status: failedView ? 'failed' : undefined, page: page + 1, pageSize: BULK_EDIT_OUTCOMES_PAGE_SIZE, seen: failedView ? job.Failed : 0 },
    { skip: failedView && job.Failed === 0 },
  );
  const running = job.Status === 'running';
  return (
    <section className="locus-bulk-outcomes" aria-label={t.outcomes}>
      <SegmentedControl
        size="small"
        aria-label={t.outcomesShown}
        value={view}
        onValueChange={(v) => {
          setView(v as View);
          setPage(0);
        }}
        options={[
          { value: 'failed', label: t.failedView(job.Failed) },
          { value: 'all', label: t.allView(job.Total) },
        ]}
      />
      {failedView && job.Failed === 0 ? (
        running ? null : (
          <Callout intent={Intent.SUCCESS} icon="tick">
            {t.noFailures}
          </Callout>
        )
      ) : (
        <PaginatedTable
          rows={data?.Data ?? []}
          columns={COLUMNS}
          rowKey={(o) => o.LocationId}
          pageSize={BULK_EDIT_OUTCOMES_PAGE_SIZE}
          paginator="above-page-size"
          emptyText={t.noOutcomes}
          loading={!data && isFetching}
          server={{ total: data?.TotalRecords ?? 0, page, onPageChange: setPage }}
        />
      )}
    </section>
  );
};

/** Live progress of one bulk edit: the bar, the counts and the estimate, each location's outcome, retry and cancel. */
export const JobProgress = ({ jobId }: { jobId: string }) => {
  const { data } = useBulkEditJobQuery(jobId);
  const [retry, retrying] = useRetryBulkEditMutation();
  const [cancel, cancelling] = useCancelBulkEditMutation();
  const { confirm } = useConfirm();
  // The end of a run the user watched is a result the server reported: toast it with its counts.
  // A job is shown from its start (or while running), so a first sight of it finished is its end too.
  const lastStatus = useRef<string | null>(null);
  const job0 = data?.Job;
  useEffect(() => {
    if (!job0) return;
    const was = lastStatus.current;
    lastStatus.current = job0.Status;
    if (was === 'finished' || job0.Status !== 'finished') return;
    const counts = t.finishedToast(job0.Done, job0.Failed, job0.Total);
    if (job0.Failed > 0) toast.warning(counts);
    else toast.success(counts);
  }, [job0]);
  if (!data) return null;
  const { Job: job } = data;
  const running = job.Status === 'running';

  const onRetry = async () => {
    try {
      const res = await retry(jobId).unwrap();
      toast.success(res.ResponseMessage ?? t.retryStarted);
    } catch (e) {
      toast.error(failureMessage(e, t.nothingToRetry));
    }
  };
  const onCancel = async () => {
    if (!(await confirm(t.cancelConfirm))) return;
    try {
      const res = await cancel(jobId).unwrap();
      toast.info(res.ResponseMessage ?? t.cancelled);
    } catch (e) {
      toast.error(failureMessage(e, t.alreadyFinished));
    }
  };

  return (
    <section className="locus-bulk-progress" aria-label={t.progressTitle} data-testid="bulk-progress">
      <div className="locus-bulk-progress-head">
        <strong>{t.progressTitle}</strong>
        <span data-testid="bulk-percent">{job.Percent} %</span>
        {running ? (
          <Tag minimal>{job.EtaSeconds !== null ? t.eta(job.EtaSeconds) : t.started}</Tag>
        ) : (
          <Tag intent={job.Status === 'cancelled' ? Intent.WARNING : Intent.SUCCESS}>{job.Status === 'cancelled' ? t.cancelledStatus : t.finished}</Tag>
        )}
      </div>
      <ProgressBar value={job.Percent / 100} animate={running} stripes={running} intent={job.Failed ? Intent.WARNING : Intent.PRIMARY} />
      <p data-testid="bulk-counts">{t.progress(job.Done, job.Failed, job.Pending, job.Total)}</p>
      <div className="locus-bulk-progress-actions">
        {running ? <Button text={t.cancel} icon="stop" onClick={onCancel} loading={cancelling.isLoading} /> : null}
        {!running && job.Failed > 0 ? (
          <Button text={t.retryFailed} icon="refresh" intent={Intent.PRIMARY} onClick={onRetry} loading={retrying.isLoading} />
        ) : null}
      </div>
      <JobOutcomes job={job} />
    </section>
  );
};
