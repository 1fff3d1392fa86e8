import { Callout, Dialog, DialogBody, Spinner, Tag } from '@blueprintjs/core';
import { useTemplatePreviewQuery } from '../api/templates-api';
import { CTA_LABELS, templateTexts as t, TOPIC_TYPE_LABELS } from '../constants';

/** The template rendered with one location's values (server side, by the one renderer). */
export function TemplatePreviewDialog({ templateId, locationId, onClose }: { templateId: string; locationId: string; onClose: () => void }) {
  const { data, isFetching } = useTemplatePreviewQuery({ id: templateId, locationId });
  return (
    <Dialog isOpen title={t.previewTitle} onClose={onClose} style={{ width: 550, maxWidth: '96vw' }}>
      <DialogBody>
        {isFetching && data === undefined ? (
          <Spinner size={30} />
        ) : !data ? (
          <Callout intent="warning">{t.noLocationFound}</Callout>
        ) : (
          <div aria-label="Rendered post">
            <h4 className="bp6-heading">{data.LocationName}</h4>
            <Tag minimal>{TOPIC_TYPE_LABELS[data.TopicType]}</Tag>
            {data.MediaItemUrl ? <img className="template-preview-image" src={data.MediaItemUrl} alt={t.image} /> : null}
            {data.EventTitle ? <h5 className="bp6-heading">{data.EventTitle}</h5> : null}
            <p className="template-preview-body" data-testid="template-preview-summary">
              {data.Summary}
            </p>
            {data.ActionType && data.ActionType !== 'ACTION_TYPE_UNSPECIFIED' ? <Tag intent="primary">{CTA_LABELS[data.ActionType]}</Tag> : null}
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}
