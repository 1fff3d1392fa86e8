import { Button, Card, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NonIdealState, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { formatDate } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useCreateMediaMutation, useDeleteMediaMutation, useLocationMediaQuery, useUploadMediaMutation, type MediaView } from '../../api/content-api';
import { coverRatioError } from '../details-rules';
import { loadImageSize } from '../use-image-size';
import { CATEGORY_LABELS, MEDIA_MIN_BYTES, sectionTexts as t, UPLOAD_CATEGORIES } from './constants';
import './sections.css';

/** Why a chosen file cannot be uploaded (spec part 2 §5), checked before sending; null when it can. */
export async function mediaFileProblem(file: File, category: string): Promise<string | null> {
  if (!file.type.startsWith('image/')) return t.fileNotImage;
  if (file.size < MEDIA_MIN_BYTES) return t.fileTooSmall;
  if (category !== 'COVER') return null;
  const url = URL.createObjectURL(file);
  try {
    const size = await loadImageSize(url);
    return size ? coverRatioError(size.width, size.height) : t.fileNotImage;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function MediaTile({ item, onDelete }: { item: MediaView; onDelete: () => void }) {
  const src = item.ThumbnailUrl || item.GoogleUrl || item.SourceUrl;
  return (
    <Card className="locus-media-tile" data-testid="media-item" data-state={item.State}>
      <div className="locus-media-frame">
        {src ? <img src={src} alt={CATEGORY_LABELS[item.LocationAssociationCategory] ?? item.LocationAssociationCategory} loading="lazy" /> : null}
        <Tag className="locus-media-views" round icon="eye-open" title={t.views(item.ViewCount)}>
          {item.ViewCount.toLocaleString('en-US')}
        </Tag>
        {item.State === 'PENDING' || item.State === 'DELETING' ? (
          <div className="locus-media-overlay">
            <Spinner size={20} />
            <span>{item.State === 'PENDING' ? t.pending : t.deleting}</span>
          </div>
        ) : null}
      </div>
      <div className="locus-media-meta">
        <Tag minimal>{CATEGORY_LABELS[item.LocationAssociationCategory] ?? item.LocationAssociationCategory}</Tag>
        <span className="locus-muted">{formatDate(item.CreateTime)}</span>
        <Button
          size="small"
          variant="minimal"
          intent="danger"
          icon="trash"
          aria-label={t.deleteMedia}
          title={t.deleteMedia}
          disabled={item.State === 'DELETING'}
          onClick={onDelete}
        />
      </div>
      {item.State === 'FAILED' ? <div className="locus-media-error">{item.Error ?? t.failed}</div> : null}
    </Card>
  );
}

function FromUrlDialog({ locationId, onClose }: { locationId: string; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [type, setType] = useState<'COVER' | 'LOGO'>('COVER');
  const [error, setError] = useState<string | null>(null);
  const [create, state] = useCreateMediaMutation();
  const submit = async () => {
    if (type === 'COVER') {
      const size = await loadImageSize(url.trim());
      const problem = size ? coverRatioError(size.width, size.height) : null;
      if (problem) {
        setError(problem);
        setUrl('');
        return;
      }
    }
    try {
      const res = await create({ id: locationId, body: { Url: url.trim(), Type: type } }).unwrap();
      toast.success(res.ResponseMessage);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };
  return (
    <Dialog isOpen title={t.fromUrlTitle} onClose={onClose} style={{ width: 480 }}>
      <DialogBody>
        <FormGroup label={t.imageUrl} labelFor="media-url" intent={error ? 'danger' : 'none'} helperText={error}>
          <InputGroup id="media-url" value={url} placeholder="https://" onValueChange={(v) => (setUrl(v), setError(null))} />
        </FormGroup>
        <FormGroup label={t.mediaType} labelFor="media-url-type">
          <HTMLSelect id="media-url-type" value={type} onChange={(e) => setType(e.currentTarget.value === 'LOGO' ? 'LOGO' : 'COVER')}>
            <option value="COVER">Cover</option>
            <option value="LOGO">Logo</option>
          </HTMLSelect>
        </FormGroup>
        {state.isLoading ? <ProgressBar intent="primary" /> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.create} disabled={!url.trim()} loading={state.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/** Media: the grid with its count, Upload (images of at least 10 KB; covers 16:9), from URL, delete (spec part 2 §2 Media). */
export function MediaSection({ locationId, published }: { locationId: string; published: boolean }) {
  const { data, isLoading } = useLocationMediaQuery(locationId);
  const [upload, uploadState] = useUploadMediaMutation();
  const [remove] = useDeleteMediaMutation();
  const { confirm } = useConfirm();
  const [category, setCategory] = useState('ADDITIONAL');
  const [fromUrl, setFromUrl] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const items = data?.Media ?? [];

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = await mediaFileProblem(file, category);
    if (problem) {
      toast.error(problem);
      if (input.current) input.current.value = '';
      return;
    }
    try {
      const res = await upload({ id: locationId, file, category }).unwrap();
      toast.success(res.ResponseMessage);
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDelete = async (item: MediaView) => {
    if (!(await confirm(t.confirmDeleteMedia))) return;
    try {
      const res = await remove({ id: locationId, mediaId: item.MediaId }).unwrap();
      toast.success(res.ResponseMessage);
    } catch (err) {
      toast.error(failureMessage(err, t.googleRefused));
    }
  };

  return (
    <Card className="locus-details-section" data-testid="media-section">
      <div className="locus-section-head">
        <h3>
          {t.media} <Tag round>{items.length}</Tag>
        </h3>
        {published ? (
          <div className="locus-section-tools">
            <HTMLSelect aria-label={t.category} value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              {UPLOAD_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </HTMLSelect>
            <input ref={input} type="file" accept="image/*" hidden data-testid="media-file" onChange={(e) => void onFile(e.currentTarget.files?.[0])} />
            <Button icon="upload" intent="primary" text={t.upload} loading={uploadState.isLoading} onClick={() => input.current?.click()} />
            <Button icon="link" text={t.addFromUrl} onClick={() => setFromUrl(true)} />
          </div>
        ) : null}
      </div>
      {uploadState.isLoading ? (
        <div className="locus-section-progress">
          <ProgressBar intent="primary" />
          <span className="locus-muted">{t.uploading}</span>
        </div>
      ) : null}
      {isLoading ? (
        <Spinner size={24} />
      ) : items.length === 0 ? (
        <NonIdealState icon="media" title={t.noMedia} />
      ) : (
        <div className="locus-media-grid">
          {items.map((item) => (
            <MediaTile key={item.MediaId} item={item} onDelete={() => void onDelete(item)} />
          ))}
        </div>
      )}
      {fromUrl ? <FromUrlDialog locationId={locationId} onClose={() => setFromUrl(false)} /> : null}
    </Card>
  );
}
