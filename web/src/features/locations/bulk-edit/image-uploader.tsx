import { Button, FileInput } from '@blueprintjs/core';
import { uploadMessages } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useUploadImageMutation } from '../api/defaults-api';
import { coverRatioProblem } from './bulk-edit-form';

/** Spec §9: logo and cover thumbnails are 100px. */
const THUMBNAIL = 100;

/** Logo or cover upload (images only; a cover must be 16:9): stores the image and answers its URL. */
export const ImageUploader = ({
  kind,
  value,
  onChange,
  disabled,
}: {
  kind: 'logo' | 'cover';
  value: string | null;
  onChange: (url: string | null) => void;
  disabled: boolean;
}) => {
  const user = useSignedInUser();
  const [upload, uploading] = useUploadImageMutation();
  const label = kind === 'logo' ? 'Location Logo' : 'Location Cover';

  const onFile = async (file: File | undefined) => {
    if (!file || !user.companyId) return;
    if (!file.type.startsWith('image/')) {
      toast.error(uploadMessages.notImage);
      return;
    }
    if (kind === 'cover') {
      const bitmap = await createImageBitmap(file).catch(() => null);
      if (!bitmap) {
        toast.error(uploadMessages.notImage);
        return;
      }
      const problem = coverRatioProblem(bitmap.width, bitmap.height);
      bitmap.close();
      if (problem) {
        toast.error(problem);
        return;
      }
    }
    try {
      const res = await upload({ companyId: user.companyId, file }).unwrap();
      onChange(res.Data.MediaItemUrl);
      toast.success(kind === 'logo' ? uploadMessages.logoUploaded : uploadMessages.coverUploaded);
    } catch (e) {
      toast.error(failureMessage(e, uploadMessages.notImage));
    }
  };

  return (
    <div className="locus-bulk-uploader">
      <FileInput
        text={`Upload ${label.toLowerCase()}...`}
        disabled={disabled || uploading.isLoading}
        inputProps={{ accept: 'image/*', 'aria-label': label }}
        onInputChange={(e) => void onFile(e.currentTarget.files?.[0])}
      />
      {value ? (
        <>
          <img src={value} alt={label} width={THUMBNAIL} height={kind === 'cover' ? Math.round((THUMBNAIL * 9) / 16) : THUMBNAIL} />
          <Button minimal small icon="cross" aria-label={`Remove ${label}`} disabled={disabled} onClick={() => onChange(null)} />
        </>
      ) : null}
    </div>
  );
};
