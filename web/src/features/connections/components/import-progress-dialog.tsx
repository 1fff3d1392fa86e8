import { Dialog, DialogBody, Icon, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { connectionTexts as t } from '../constants';
import { currentLocationLines, type ImportProgressState } from '../import-progress';
import '../connections.css';

const Thumbnail = ({ url, title }: { url: string | null; title: string }) => {
  const [failed, setFailed] = useState<string | null>(null);
  return url && failed !== url ? (
    <img className="locus-import-thumb" src={url} alt={title} onError={() => setFailed(url)} />
  ) : (
    <span className="locus-import-thumb locus-import-thumb-empty">
      <Icon icon="map-marker" size={28} />
    </span>
  );
};

/** Import of the selected accounts, driven live by ConnectAccountsProgressNotification. */
export const ImportProgressDialog = ({ progress }: { progress: ImportProgressState }) => {
  const current = progress.currentLocation;
  return (
    <Dialog isOpen title={t.progressTitle} isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false} className="locus-dialog-wide">
      <DialogBody>
        <div className="locus-import-percent" aria-live="polite">
          {progress.percentage}%
        </div>
        <ProgressBar value={progress.percentage / 100} intent="primary" animate={!progress.done} stripes={!progress.done} />
        <div className="locus-import-current">
          {current ? (
            <>
              <Thumbnail url={current.locationThumbnailUrl} title={current.locationTitle} />
              <div>
                <div className="locus-muted">{t.importing}</div>
                <div className="locus-strong" data-testid="import-current-title">
                  {current.locationTitle}
                </div>
                {currentLocationLines(progress).map((line, i) => (
                  <div key={i}>{line}</div>
                ))}
              </div>
            </>
          ) : (
            <span className="locus-muted">{t.progressWaiting}</span>
          )}
        </div>
      </DialogBody>
    </Dialog>
  );
};
