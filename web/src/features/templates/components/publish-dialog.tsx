import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, H5, HTMLTable } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import {
  usePublishTemplateMutation,
  useRetryTemplateMutation,
  useTemplateLocationItemsQuery,
  type PostTemplate,
  type TemplateLocationItem,
} from '../api/templates-api';
import { SELECTED_LOCATIONS_PAGE_SIZE, templateTexts as t } from '../constants';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { TemplateProgress } from './template-progress';

/**
 * Your Selected Locations: the template's locations (filter, Clear, Preview, link to the
 * details), Publish; then the live progress, the failed locations with Google's reason and
 * a retry.
 */
export function PublishDialog({ template, onPublished, onClose }: { template: PostTemplate; onPublished: (id: string) => void; onClose: () => void }) {
  const { data: items = [] } = useTemplateLocationItemsQuery();
  const [filter, setFilter] = useState('');
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [publish, publishState] = usePublishTemplateMutation();
  const [retry, retryState] = useRetryTemplateMutation();
  const byId = useMemo(() => new Map(items.map((i) => [i.LocationId, i])), [items]);
  const selected = useMemo(
    () => template.TemplateLocationIds.map((id) => byId.get(id) ?? { LocationId: id, Title: id, StoreCode: '', Address: '' }),
    [template.TemplateLocationIds, byId],
  );
  const rows = filterRows(selected, filter, (l) => [l.Title, l.StoreCode, l.Address]);
  const isDraft = !template.IsPublished;

  const doPublish = async () => {
    try {
      const res = await publish({ TemplateId: template.Id, LocationIds: template.TemplateLocationIds }).unwrap();
      onPublished(template.Id);
      // under way only: the templates page toasts what Google did once every location is answered
      toast.info(res.ResponseMessage || t.publishing(template.TemplateLocationIds.length));
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  const doRetry = async () => {
    try {
      const res = await retry(template.Id).unwrap();
      toast.success(res.ResponseMessage || t.retried);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<TemplateLocationItem>[] = [
    { header: t.locations, cell: (l) => l.Title },
    { header: 'Store code', cell: (l) => l.StoreCode, width: 120 },
    { header: 'Address', cell: (l) => l.Address },
    {
      header: t.columns.actions,
      width: 200,
      cell: (l) => (
        <>
          <Button size="small" icon="eye-open" text={t.preview} onClick={() => setPreviewing(l.LocationId)} />{' '}
          <AnchorButton size="small" variant="minimal" icon="share" text={t.details} href={`/locations/${l.LocationId}`} target="_blank" />
        </>
      ),
    },
  ];

  return (
    <Dialog isOpen title={t.publishTitle} onClose={onClose} style={{ width: 820, maxWidth: '96vw' }}>
      <DialogBody>
        {!isDraft ? (
          <div style={{ marginBottom: 16 }}>
            <H5>{t.progress}</H5>
            <TemplateProgress template={template} />
            {template.Failures.length > 0 ? (
              <Callout intent="warning" title={t.failedLocations} style={{ marginTop: 12 }}>
                <HTMLTable compact aria-label={t.failedLocations}>
                  <tbody>
                    {template.Failures.map((f) => (
                      <tr key={f.LocationId}>
                        <td>{f.LocationName || f.LocationId}</td>
                        <td>{f.Kind === 'rejected' ? t.rejectedByGoogle : t.failedKind}</td>
                        <td>{f.Message}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
                {/* a rejected post would be rejected again: only failures are retried */}
                {template.Progress.Failed > 0 ? (
                  <Button icon="refresh" intent="warning" text={t.retry} onClick={() => void doRetry()} loading={retryState.isLoading} />
                ) : null}
              </Callout>
            ) : null}
          </div>
        ) : null}
        <SearchBar value={filter} onChange={setFilter} onClear={() => setFilter('')} placeholder={t.filterLocations} clearText={t.clear} />
        <PaginatedTable
          rows={rows}
          columns={columns}
          rowKey={(l) => l.LocationId}
          pageSize={SELECTED_LOCATIONS_PAGE_SIZE}
          paginator="above-page-size"
          emptyText={t.noLocationFound}
          resetKey={filter}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.close} onClick={onClose} />
            {isDraft ? (
              <Button
                intent="primary"
                icon="send-message"
                text={t.publish}
                disabled={template.TemplateLocationIds.length === 0}
                loading={publishState.isLoading}
                onClick={() => void doPublish()}
              />
            ) : null}
          </>
        }
      />
      {previewing ? <TemplatePreviewDialog templateId={template.Id} locationId={previewing} onClose={() => setPreviewing(null)} /> : null}
    </Dialog>
  );
}
