import { Button, Callout, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { useBulkEditJobQuery, useCancelBulkEditMutation, useRetryBulkEditMutation } from '../api/bulk-edit-api';
import { bulkTexts as t } from './constants';

const STATUS_INTENT = { succeeded: Intent.SUCCESS, failed: Intent.DANGER, pending: Intent.NONE, cancelled: Intent.WARNING } as const;

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
  const { Job: job, Outcomes: outcomes } = data;
  const running = job.Status === 'running';
  const failed = outcomes.filter((o) => o.Status === 'failed');

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
        {!running && failed.length ? (
          <Button text={t.retryFailed} icon="refresh" intent={Intent.PRIMARY} onClick={onRetry} loading={retrying.isLoading} />
        ) : null}
      </div>
      {failed.length ? (
        <HTMLTable compact striped className="locus-bulk-outcomes" aria-label={t.outcomes}>
          <thead>
            <tr>
              <th>Store</th>
              <th>Location</th>
              <th>Status</th>
              <th>Reason</th>
              <th>{t.appliedThere}</th>
            </tr>
          </thead>
          <tbody>
            {outcomes
              .filter((o) => o.Status !== 'succeeded' && o.Status !== 'pending')
              .map((o) => (
                <tr key={o.LocationId}>
                  <td>{o.StoreCode}</td>
                  <td>{o.Title}</td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[o.Status]}>
                      {o.Status}
                    </Tag>
                  </td>
                  <td>
                    {o.RefusedFields.length ? (
                      <ul className="locus-bulk-refused">
                        {o.RefusedFields.map((f) => (
                          // each reason names its field already
                          <li key={f.Field}>{f.Message}</li>
                        ))}
                      </ul>
                    ) : (
                      o.Message
                    )}
                  </td>
                  <td data-testid="bulk-applied">{o.AppliedFields.length ? o.AppliedFields.join(', ') : t.appliedNothing}</td>
                </tr>
              ))}
          </tbody>
        </HTMLTable>
      ) : !running ? (
        <Callout intent={Intent.SUCCESS} icon="tick">
          {t.noFailures}
        </Callout>
      ) : null}
    </section>
  );
};
