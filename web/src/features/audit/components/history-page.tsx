import { Button, ControlGroup, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { failureMessage } from '@web/shared/lib/envelope';
import { PageHeader } from '@web/shared/ui/page-header';
import { toast } from '@web/shared/ui/toaster';
import { entityTypeWords } from '@locus/contracts';
import { useExportHistoryMutation, useHistoryFacetsQuery, useHistoryQuery, type HistoryQuery } from '../api/audit-api';
import { HISTORY_ROWS_PER_PAGE, historyTexts as t } from '../constants';
import { HistoryTable } from './history-table';
import { PointInTimePanel } from './point-in-time-panel';

const FILTER_KEYS = ['entityType', 'entityId', 'actorId', 'eventType', 'from', 'to', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** `datetime-local` text ↔ ISO instant (the browser's time zone). */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * /history: every event of the company newest first, as readable
 * lines; filters live in the address so an entity's "History" link opens its own timeline,
 * with the point-in-time view above it.
 */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const value = (k: FilterKey) => params.get(k) ?? '';
  const set = (k: FilterKey, v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const q = useDebouncedValue(value('q').trim());
  const filters = useMemo(() => {
    const f: Omit<HistoryQuery, 'page' | 'pageSize'> = {};
    for (const k of FILTER_KEYS) {
      const v = k === 'q' ? q : params.get(k);
      if (v) f[k] = v;
    }
    return f;
  }, [params, q]);
  const facets = useHistoryFacetsQuery();
  const [exportHistory, exporting] = useExportHistoryMutation();
  const entity = filters.entityType && filters.entityId ? { entityType: filters.entityType, entityId: filters.entityId } : null;
  // The entity's words and current name from the newest line (the table's first page, already asked for).
  const newest = useHistoryQuery({ ...filters, page: 1, pageSize: HISTORY_ROWS_PER_PAGE }, { skip: !entity }).data?.Data[0];
  const entityTitle = entity ? [newest?.EntityTypeWords ?? entityTypeWords(entity.entityType), newest?.EntityName].filter(Boolean).join(': ') : '';

  const download = async (format: 'csv' | 'ndjson') => {
    try {
      const text = await exportHistory({ ...filters, format }).unwrap();
      const blob = new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `history-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.${format}`;
      link.click();
      URL.revokeObjectURL(link.href);
      toast.success(t.exported(text.split('\n').filter(Boolean).length - (format === 'csv' ? 1 : 0)));
    } catch (err) {
      toast.error(failureMessage(err, 'The export failed'));
    }
  };

  return (
    <div className="locus-history-page">
      <PageHeader
        title={t.title}
        subtitle={entity ? <Tag minimal>{entityTitle}</Tag> : undefined}
        actions={
          <>
            <Button icon="export" text={t.exportCsv} variant="outlined" loading={exporting.isLoading} onClick={() => void download('csv')} />
            <Button icon="export" text={t.exportNdjson} variant="outlined" loading={exporting.isLoading} onClick={() => void download('ndjson')} />
          </>
        }
      />
      <ControlGroup className="locus-history-filters" fill={false}>
        <HTMLSelect aria-label="Entity type" value={value('entityType')} onChange={(e) => set('entityType', e.target.value)}>
          <option value="">{t.allEntityTypes}</option>
          {(facets.data?.EntityTypes ?? []).map((type) => (
            <option key={type.Type} value={type.Type}>
              {type.Words}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect aria-label="Event type" value={value('eventType')} onChange={(e) => set('eventType', e.target.value)}>
          <option value="">{t.allEventTypes}</option>
          {(facets.data?.EventTypes ?? []).map((type) => (
            <option key={type.Type} value={type.Type}>
              {type.Words}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect aria-label="Actor" value={value('actorId')} onChange={(e) => set('actorId', e.target.value)}>
          <option value="">{t.allActors}</option>
          {(facets.data?.Actors ?? []).map((a) => (
            <option key={a.Id} value={a.Id}>
              {a.Name}
            </option>
          ))}
        </HTMLSelect>
        <FormGroup inline label={t.from}>
          <InputGroup type="datetime-local" aria-label={t.from} value={toLocal(value('from'))} onChange={(e) => set('from', toIso(e.target.value))} />
        </FormGroup>
        <FormGroup inline label={t.to}>
          <InputGroup type="datetime-local" aria-label={t.to} value={toLocal(value('to'))} onChange={(e) => set('to', toIso(e.target.value))} />
        </FormGroup>
        <InputGroup leftIcon="search" placeholder={t.search} aria-label={t.search} value={value('q')} onChange={(e) => set('q', e.target.value)} />
        <Button icon="cross" text={t.clear} variant="minimal" onClick={() => setParams(new URLSearchParams(), { replace: true })} />
      </ControlGroup>
      {entity ? <PointInTimePanel key={`${entity.entityType}:${entity.entityId}`} entity={entity} /> : null}
      <HistoryTable filters={filters} />
    </div>
  );
}
