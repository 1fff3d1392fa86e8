import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Intent, ProgressBar } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import {
  EMAIL_IMPORT_HEADERS,
  emailImportMessages as m,
  LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION,
  type LocationEmailsImportProgress,
} from '@locus/contracts';
import { failureMessage, isEnvelope } from '@web/shared/lib/envelope';
import { useLiveNotification } from '@web/shared/live/notifications';
import { toast } from '@web/shared/ui/toaster';
import { useImportEmailsMutation } from '../api/defaults-api';

const isProgress = (p: unknown): p is LocationEmailsImportProgress =>
  typeof p === 'object' && p !== null && typeof (p as { percent?: unknown }).percent === 'number';

/** CSV upload instructions and the email import (spec part 1 §2, §5, §8), with live progress to 100 %. */
export const EmailImportDialog = ({ onClose }: { onClose: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [importEmails, importing] = useImportEmailsMutation();
  // The 100 % message once per import: from the live channel, or from the answer when that comes first (the dialog then closes).
  const completedShown = useRef(false);
  const completed = () => {
    if (completedShown.current) return;
    completedShown.current = true;
    toast.success(m.completed);
  };

  useLiveNotification(LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION, (payload) => {
    if (!isProgress(payload) || percent === null) return;
    setPercent(payload.percent);
    if (payload.percent === 100) completed();
  });

  const start = async () => {
    if (!file) return;
    // Spec §5: the file name must end .csv (checked again by the server).
    if (!file.name.toLowerCase().endsWith('.csv')) {
      toast.error(m.onlyCsv);
      return;
    }
    setPercent(0);
    completedShown.current = false;
    try {
      const res = await importEmails(file).unwrap();
      setPercent(100);
      completed();
      toast.success(res.ResponseMessage || m.updated(res.ResponseData));
      if (res.Warning) toast.warning(res.Warning);
      onClose();
    } catch (e) {
      setPercent(null);
      const body = (e as { data?: unknown }).data;
      if (!isEnvelope(body)) {
        toast.error(m.transportFailed);
        return;
      }
      toast.error(failureMessage(e, m.failed));
      // the rows skipped (invalid emails, unknown store codes) come as field messages
      for (const f of body.ApiError?.Fields ?? []) if (f.Message !== body.ResponseMessage) toast.warning(f.Message);
    }
  };

  return (
    <Dialog isOpen title={m.instructionsTitle} onClose={onClose} className="locus-email-import-dialog">
      <DialogBody>
        <p>Upload a .csv file with exactly these headers, in this order, and one row per location:</p>
        <HTMLTable compact bordered>
          <thead>
            <tr>
              {EMAIL_IMPORT_HEADERS.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Jane</td>
              <td>Doe</td>
              <td>STORE-001</td>
              <td>jane.doe@example.com</td>
            </tr>
          </tbody>
        </HTMLTable>
        <Callout intent={Intent.PRIMARY} icon="info-sign" className="locus-callout">
          The store code picks the location; its primary email and owner name are set from the row. Rows with an invalid email, repeated store codes and blank
          lines are skipped.
        </Callout>
        <FileInput
          fill
          text={file?.name ?? 'Choose a CSV file...'}
          hasSelection={!!file}
          inputProps={{ accept: '.csv,text/csv', 'aria-label': 'CSV file' }}
          onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        {percent !== null ? (
          <div className="locus-import-progress-row">
            <ProgressBar value={percent / 100} intent={Intent.PRIMARY} className="locus-import-progress" />
            <span className="locus-import-percent" aria-live="polite">
              {Math.round(percent)}%
            </span>
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} icon="import" text="Import" disabled={!file} loading={importing.isLoading} onClick={() => void start()} />
          </>
        }
      />
    </Dialog>
  );
};
