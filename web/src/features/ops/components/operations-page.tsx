import { Button, ButtonGroup, Callout, Card, HTMLTable, NonIdealState, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { toast } from '@web/shared/ui/toaster';
import {
  useOpsStatusQuery,
  useRebuildProjectionMutation,
  useRetryParkedMutation,
  useSkipParkedMutation,
  type OpsParkedEvent,
  type OpsProjectionRow,
  type OpsReactorRow,
} from '../api/ops-api';
import { opsTexts as t } from '../constants';

const stateIntent: Record<OpsProjectionRow['state'], Intent> = { live: 'success', rebuilding: 'warning', 'not-built': 'none' };
const num = (n: number | null) => (n === null ? '—' : n.toLocaleString());

/** /operations (Administrator): projections and reactors, live; rebuild while serving; retry or skip parked events. */
export default function OperationsPage() {
  const { data, isLoading, error } = useOpsStatusQuery();
  if (isLoading) return <PageSpinner />;
  if (!data)
    return (
      <Callout intent="danger" title={t.unavailable}>
        {failureMessage(error, t.genericFailure)}
      </Callout>
    );
  const parkedReactors = data.reactors.filter((r) => r.parked > 0);
  return (
    <div className="locus-page">
      <PageHeader title={t.title} subtitle={t.subtitle(data.head, formatDateTime(data.at))} />
      <h3>{t.projections}</h3>
      <HTMLTable compact striped aria-label={t.projections} style={{ width: '100%' }}>
        <thead>
          <tr>
            {[
              t.columns.name,
              t.columns.version,
              t.columns.generation,
              t.columns.position,
              t.columns.head,
              t.columns.lag,
              t.columns.rate,
              t.columns.state,
              t.columns.rebuild,
            ].map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.projections.map((p) => (
            <ProjectionRow key={p.name} row={p} />
          ))}
        </tbody>
      </HTMLTable>
      <h3>{t.reactors}</h3>
      <HTMLTable compact striped aria-label={t.reactors} style={{ width: '100%' }}>
        <thead>
          <tr>
            {[t.columns.name, t.columns.position, t.columns.head, t.columns.lag, t.columns.rate, t.columns.parked].map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.reactors.map((r) => (
            <tr key={r.name} data-reactor={r.name}>
              <td>{r.name}</td>
              <td>{num(r.position)}</td>
              <td>{num(r.head)}</td>
              <td>{num(r.lag)}</td>
              <td>{num(r.rate)}</td>
              <td>{r.parked > 0 ? <Tag intent="danger">{r.parked}</Tag> : 0}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <h3>{t.parked}</h3>
      {parkedReactors.length === 0 ? (
        <NonIdealState icon="tick-circle" title={t.noParked} description={t.noParkedDetail} />
      ) : (
        parkedReactors.map((r) => <ParkedList key={r.name} reactor={r} />)
      )}
    </div>
  );
}

function ProjectionRow({ row }: { row: OpsProjectionRow }) {
  const [rebuild, { isLoading }] = useRebuildProjectionMutation();
  const { confirm } = useConfirm();
  const job = row.rebuild;
  const running = job?.state === 'running';
  const start = async () => {
    if (!(await confirm(t.confirmRebuild(row.name)))) return;
    try {
      const res = await rebuild({ projection: row.name }).unwrap();
      toast.success(res.ResponseMessage ?? t.rebuild);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return (
    <tr data-projection={row.name}>
      <td>{row.name}</td>
      <td>
        {row.version}
        {row.activeVersion !== null && row.activeVersion !== row.version ? ` (live: ${row.activeVersion})` : ''}
      </td>
      <td data-cell="generation">{num(row.generation)}</td>
      <td>{num(row.position)}</td>
      <td>{num(row.head)}</td>
      <td>{num(row.lag)}</td>
      <td>{num(row.rate)}</td>
      <td>
        <Tag intent={stateIntent[row.state]}>{row.state}</Tag>
      </td>
      <td style={{ minWidth: 260 }}>
        {job ? (
          <div role="status" aria-label={`${row.name} rebuild`} style={{ marginBottom: 4 }}>
            <ProgressBar
              value={job.percent / 100}
              intent={job.state === 'failed' ? 'danger' : job.state === 'done' ? 'success' : 'primary'}
              animate={running}
              stripes={running}
            />
            <small>
              {job.state === 'failed'
                ? t.rebuildFailed(job.error)
                : job.state === 'done'
                  ? `${t.rebuildProgress(100, null)} · ${t.rebuildDone(job.generation)}`
                  : t.rebuildProgress(job.percent, job.etaSeconds)}
            </small>
          </div>
        ) : null}
        <Button
          size="small"
          icon="refresh"
          text={t.rebuild}
          disabled={running || row.state === 'rebuilding'}
          loading={isLoading}
          onClick={() => void start()}
        />
      </td>
    </tr>
  );
}

function ParkedList({ reactor }: { reactor: OpsReactorRow }) {
  return (
    <Card compact role="region" style={{ marginBottom: 12 }} aria-label={`${reactor.name} parked events`}>
      <h4>{reactor.name}</h4>
      {reactor.parked > reactor.parkedEvents.length ? <p>{t.moreParked(reactor.parkedEvents.length, reactor.parked)}</p> : null}
      {reactor.parkedEvents.map((e) => (
        <ParkedEvent key={e.eventId} reactor={reactor.name} event={e} />
      ))}
    </Card>
  );
}

function ParkedEvent({ reactor, event }: { reactor: string; event: OpsParkedEvent }) {
  const [retry, retrying] = useRetryParkedMutation();
  const [skip, skipping] = useSkipParkedMutation();
  const { confirm } = useConfirm();
  const params = { reactor, eventId: event.eventId };
  const onRetry = async () => {
    try {
      const res = await retry(params).unwrap();
      if (res.Data.Outcome === 'succeeded') toast.success(res.ResponseMessage ?? t.retry);
      else toast.warning(t.retryFailed(res.Data.Error));
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  const onSkip = async () => {
    if (!(await confirm(t.confirmSkip))) return;
    try {
      const res = await skip(params).unwrap();
      toast.success(res.ResponseMessage ?? t.skip);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  return (
    <div data-parked-event={event.eventId} style={{ borderTop: '1px solid var(--locus-border, #ddd)', padding: '8px 0' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <div>
          <strong>{event.eventType}</strong> · {t.columns.position} {event.position.toLocaleString()} · {event.streamName} · {t.parkedAt}{' '}
          {formatDateTime(event.parkedAt)} · {t.attempts(event.attempts)}
        </div>
        <ButtonGroup>
          <Button size="small" intent="primary" icon="repeat" text={t.retry} loading={retrying.isLoading} onClick={() => void onRetry()} />
          <Button size="small" intent="danger" icon="disable" text={t.skip} loading={skipping.isLoading} onClick={() => void onSkip()} />
        </ButtonGroup>
      </div>
      <Callout intent="danger" compact style={{ margin: '6px 0' }}>
        {event.error}
      </Callout>
      <details>
        <summary>{t.event}</summary>
        <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>{JSON.stringify(event.data, null, 2)}</pre>
      </details>
    </div>
  );
}
