import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { filterRows } from '@web/shared/lib/global-search';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import { useCancelTemplateScheduleMutation, useDeleteTemplateMutation, usePostTemplatesQuery, type PostTemplate } from '../api/templates-api';
import { allLive, outcomeText, TEMPLATES_PAGE_SIZE, templateTexts as t, TOPIC_TYPE_LABELS } from '../constants';
import { LogsDialog } from './logs-dialog';
import { PublishDialog } from './publish-dialog';
import { TemplateEditorDialog } from './template-editor-dialog';
import { TemplateProgress } from './template-progress';
import './templates.css';

/**
 * Once a publish has every location answered, one toast says what Google did: success only when
 * every post is live, else the counts (rejected by Google, in review, failed), never both.
 */
function usePublishOutcomeToasts(templates: PostTemplate[]) {
  const seen = useRef(new Map<string, PostTemplate['Status']>());
  // published from this page: told even when every post landed before the list showed it publishing
  const awaited = useRef(new Set<string>());
  useEffect(() => {
    for (const x of templates) {
      const before = seen.current.get(x.Id);
      seen.current.set(x.Id, x.Status);
      if (x.Status !== 'published' || (before !== 'publishing' && !awaited.current.has(x.Id))) continue;
      awaited.current.delete(x.Id);
      const text = outcomeText(x.Progress);
      if (allLive(x.Progress)) toast.success(text);
      else if (x.Progress.Done === 0) toast.error(text);
      else toast.warning(text);
    }
  }, [templates]);
  return (id: string) => awaited.current.add(id);
}

type Open = { kind: 'edit'; template: PostTemplate | null } | { kind: 'publish'; id: string } | { kind: 'log'; id: string } | null;

/** /location-template (CompanyAdmin): Location Post Templates. */
export default function TemplatesPage() {
  const { data = [], isFetching } = usePostTemplatesQuery();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [remove] = useDeleteTemplateMutation();
  const [cancelSchedule] = useCancelTemplateScheduleMutation();
  const { confirm } = useConfirm();
  const navigate = useNavigate();
  // The template's own timeline, with its point in time (the history names templates by their stream, posttemplate-<id>).
  const historyButton = (x: PostTemplate) => (
    <Button size="small" icon="time" text={t.history} onClick={() => navigate(`/history?entityType=posttemplate&entityId=${encodeURIComponent(x.Id)}`)} />
  );
  // the dialogs follow the live list, so progress moves while they are open
  const live = (id: string) => data.find((x) => x.Id === id);

  const rows = filterRows(data, search, (x) => [
    x.TemplateContent.replace(/<[^>]*>/g, ' '),
    x.Event?.EventTitle,
    TOPIC_TYPE_LABELS[x.TopicType],
    formatDate(x.PublishDate),
  ]);

  const onDelete = async (x: PostTemplate) => {
    if (!(await confirm(t.confirmDelete))) return;
    try {
      const res = await remove(x.Id).unwrap();
      toast.success(res.ResponseMessage || t.deleted);
    } catch (err) {
      toast.error(failureMessage(err, t.deleteFailed));
    }
  };
  const onCancelSchedule = async (x: PostTemplate) => {
    try {
      const res = await cancelSchedule(x.Id).unwrap();
      toast.success(res.ResponseMessage || t.scheduleCancelled);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const columns: Column<PostTemplate>[] = [
    {
      header: t.columns.template,
      cell: (x) => (
        <div>
          <Tag minimal>{TOPIC_TYPE_LABELS[x.TopicType]}</Tag> {x.Event?.EventTitle ? <strong>{x.Event.EventTitle}</strong> : null}
          {/* sanitised on the server before it was stored (sanitize-html) */}
          <div className="template-content-cell" dangerouslySetInnerHTML={{ __html: x.TemplateContent }} />
          {x.Status === 'scheduled' && x.ScheduleDate ? (
            <Tag intent="primary" icon="time" minimal>
              {t.scheduledFor} {formatDateTime(x.ScheduleDate)}
            </Tag>
          ) : null}
        </div>
      ),
    },
    { header: t.columns.published, cell: (x) => formatDate(x.PublishDate), width: 130 },
    {
      header: t.columns.locations,
      width: 220,
      // posts live on Google only; a draft has published none
      cell: (x) => (x.Status === 'publishing' ? <TemplateProgress template={x} /> : x.TotalPublishedLocations),
    },
    {
      header: t.columns.actions,
      width: 370,
      cell: (x) =>
        x.IsPublished ? (
          <ButtonGroup>
            <Button size="small" icon="history" text={t.log} onClick={() => setOpen({ kind: 'log', id: x.Id })} />
            {x.Status === 'publishing' || x.Failures.length > 0 ? (
              <Button size="small" icon="send-message" text={t.progress} onClick={() => setOpen({ kind: 'publish', id: x.Id })} />
            ) : null}
            {historyButton(x)}
          </ButtonGroup>
        ) : (
          <ButtonGroup>
            <Button size="small" icon="edit" text={t.edit} onClick={() => setOpen({ kind: 'edit', template: x })} />
            <Button size="small" icon="send-message" intent="primary" text={t.publish} onClick={() => setOpen({ kind: 'publish', id: x.Id })} />
            {x.Status === 'scheduled' ? <Button size="small" icon="disable" text={t.cancelSchedule} onClick={() => void onCancelSchedule(x)} /> : null}
            <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void onDelete(x)} />
            {historyButton(x)}
          </ButtonGroup>
        ),
    },
  ];

  const awaitOutcome = usePublishOutcomeToasts(data);

  const publishing = open?.kind === 'publish' ? live(open.id) : undefined;
  const logged = open?.kind === 'log' ? live(open.id) : undefined;

  return (
    <div className="locus-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear}>
        <Button intent="primary" icon="add" text={t.newTemplate} onClick={() => setOpen({ kind: 'edit', template: null })} />
      </SearchBar>
      <PaginatedTable
        rows={rows}
        columns={columns}
        rowKey={(x) => x.Id}
        pageSize={TEMPLATES_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && data.length === 0}
        resetKey={search}
      />
      {open?.kind === 'edit' ? <TemplateEditorDialog template={open.template} onClose={() => setOpen(null)} /> : null}
      {publishing ? <PublishDialog template={publishing} onPublished={awaitOutcome} onClose={() => setOpen(null)} /> : null}
      {logged ? <LogsDialog template={logged} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
