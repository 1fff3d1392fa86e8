import { Dialog, DialogBody, Tab, Tabs, Tag, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDateTime } from '@web/shared/lib/dates';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useTemplateLogQuery, type PostTemplate, type TemplateLogEntry } from '../api/templates-api';
import { TEMPLATE_LOG_PAGE_SIZE, templateTexts as t } from '../constants';
import { TemplateProgress } from './template-progress';

const LOG_INTENT: Record<TemplateLogEntry['Status'], Intent> = {
  pending: 'none',
  published: 'success',
  'in-review': 'primary',
  rejected: 'danger',
  failed: 'danger',
};

/**
 * The published template's log: each location's post with Google's answer (live, in review,
 * rejected with its reason, failed), searchable by location, 10 per page; "View on Google"
 * only for a live post. And the template as written.
 */
export function LogsDialog({ template, onClose }: { template: PostTemplate; onClose: () => void }) {
  const { data = [], isFetching } = useTemplateLogQuery(template.Id);
  const [search, setSearch] = useState('');
  const rows = filterRows(data, search, (e) => [e.LocationName]);
  const columns: Column<TemplateLogEntry>[] = [
    { header: t.logColumns.location, cell: (e) => e.LocationName, width: 200 },
    { header: t.logColumns.date, cell: (e) => formatDateTime(e.CreatedDate), width: 170 },
    {
      header: t.logColumns.status,
      width: 220,
      cell: (e) => (
        <div>
          <Tag minimal intent={LOG_INTENT[e.Status]}>
            {t.logStatus[e.Status]}
          </Tag>
          {e.Error ? <div className="template-log-error">{e.Error}</div> : null}
        </div>
      ),
    },
    { header: t.logColumns.content, cell: (e) => <div className="template-preview-body">{e.AcualContent}</div> },
    {
      header: t.logColumns.link,
      width: 150,
      cell: (e) =>
        e.LocalPostUrl ? (
          <a href={e.LocalPostUrl} target="_blank" rel="noreferrer">
            {t.viewOnGoogle}
          </a>
        ) : null,
    },
  ];
  return (
    <Dialog isOpen title={t.logsTitle} onClose={onClose} style={{ width: 960, maxWidth: '96vw' }}>
      <DialogBody>
        <TemplateProgress template={template} />
        <Tabs id="template-log-tabs" renderActiveTabPanelOnly>
          <Tab
            id="published"
            title={t.logsTitle}
            panel={
              <>
                <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.searchLocation} clearText={t.clear} />
                <PaginatedTable
                  rows={rows}
                  columns={columns}
                  rowKey={(e) => e.Id}
                  pageSize={TEMPLATE_LOG_PAGE_SIZE}
                  paginator="above-page-size"
                  emptyText={t.noLogs}
                  loading={isFetching && data.length === 0}
                  resetKey={search}
                />
              </>
            }
          />
          <Tab
            id="publishable"
            title={t.publishableContent}
            panel={
              // sanitised on the server before it was stored (sanitize-html)
              <div className="template-content-cell" style={{ maxHeight: 'none' }} dangerouslySetInnerHTML={{ __html: template.TemplateContent }} />
            }
          />
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
