import { Button, Dialog, DialogBody, DialogFooter, FileInput, InputGroup, Intent } from '@blueprintjs/core';
import { MediaThumbnail } from '@web/shared/ui/media-thumbnail';
import { useState } from 'react';
import { locationDefaultsMessages as m } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useUploadImagesMutation } from '../api/defaults-api';
import { bulkTexts as t } from './constants';

/** Spec §9: thumbnails are 100px. */
const THUMBNAIL = 100;

/**
 * Media URL dialog (spec part 1 §2): rows with placeholder Enter Url, a row removable only when
 * there is more than one, 'Add more' disabled while a row is blank; closing saves the URLs to
 * the list and starts again from one blank row.
 */
const MediaUrlDialog = ({ onClose }: { onClose: (urls: string[]) => void }) => {
  const [rows, setRows] = useState<string[]>(['']);
  return (
    <Dialog isOpen title={t.mediaUrls} onClose={() => onClose(rows.map((u) => u.trim()).filter(Boolean))}>
      <DialogBody>
        {rows.map((url, i) => (
          <div className="locus-bulk-media-url" key={i}>
            <InputGroup
              type="url"
              placeholder={m.urlPlaceholder}
              aria-label={`${m.urlPlaceholder} ${i + 1}`}
              value={url}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setRows((r) => r.map((u, j) => (j === i ? value : u)));
              }}
            />
            {rows.length > 1 ? <Button minimal icon="cross" aria-label="Remove URL" onClick={() => setRows((r) => r.filter((_, j) => j !== i))} /> : null}
          </div>
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={m.addMore} icon="plus" disabled={rows.some((u) => !u.trim())} onClick={() => setRows((r) => [...r, ''])} />
            <Button intent={Intent.PRIMARY} text={t.done} onClick={() => onClose(rows.map((u) => u.trim()).filter(Boolean))} />
          </>
        }
      />
    </Dialog>
  );
};

/** Default Location Media of a bulk edit: several uploads at once, URLs through the dialog, thumbnails with remove. */
export const DefaultMediaField = ({ value, onChange, disabled }: { value: string[]; onChange: (urls: string[]) => void; disabled: boolean }) => {
  const user = useSignedInUser();
  const [upload, uploading] = useUploadImagesMutation();
  const [dialog, setDialog] = useState(false);

  const onFiles = async (files: FileList | null) => {
    if (!files?.length || !user.companyId) return;
    try {
      const res = await upload({ companyId: user.companyId, files: [...files] }).unwrap();
      onChange([...value, ...res.Data.map((i) => i.MediaItemUrl)]);
      toast.success(res.ResponseMessage);
    } catch (e) {
      toast.error(failureMessage(e, 'Upload failed.'));
    }
  };

  return (
    <div className="locus-bulk-media">
      <div className="locus-bulk-uploader">
        <FileInput
          text="Upload images..."
          disabled={disabled || uploading.isLoading}
          inputProps={{ multiple: true, accept: 'image/*', 'aria-label': 'Upload default location media' }}
          onInputChange={(e) => void onFiles(e.currentTarget.files)}
        />
        <Button icon="link" text={t.mediaUrls} disabled={disabled} onClick={() => setDialog(true)} />
      </div>
      {value.length ? (
        <div className="locus-bulk-media-list">
          {value.map((url, i) => (
            <figure key={`${i}:${url}`}>
              <MediaThumbnail src={url} alt={`Default location media ${i + 1}`} size={THUMBNAIL} />
              <Button
                small
                minimal
                icon="cross"
                aria-label={`Remove default location media ${i + 1}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </figure>
          ))}
        </div>
      ) : null}
      {dialog ? (
        <MediaUrlDialog
          onClose={(urls) => {
            setDialog(false);
            if (urls.length) onChange([...value, ...urls]);
          }}
        />
      ) : null}
    </div>
  );
};
