import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useConnectAccountsMutation, type ConnectionProcess } from '../api/connections-api';
import { connectionTexts as t } from '../constants';
import { canStartImport } from '../import-progress';

/** The Google accounts of this connection; Start needs at least one selection. */
export const AccountSelectionDialog = ({ process, onStarted, onCancel }: { process: ConnectionProcess; onStarted: () => void; onCancel: () => void }) => {
  const [selected, setSelected] = useState<string[]>([]);
  const [connect, state] = useConnectAccountsMutation();
  const toggle = (name: string, on: boolean) => setSelected((s) => (on ? [...s, name] : s.filter((n) => n !== name)));

  const start = async () => {
    try {
      await connect({ processId: process.ProcessId, SelectedAccounts: selected }).unwrap();
      onStarted();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.selectTitle} onClose={onCancel} canOutsideClickClose={false} className="locus-dialog-wide">
      <DialogBody>
        <p>{t.selectText(process.GoogleUserEmail)}</p>
        {process.Accounts.length === 0 ? <Callout intent="warning">{t.noAccounts}</Callout> : null}
        <div className="locus-account-list">
          {process.Accounts.map((a) => (
            <div className="locus-account-choice" key={a.Name}>
              <Checkbox
                checked={a.IsConnected || selected.includes(a.Name)}
                disabled={a.IsConnected}
                onChange={(e) => toggle(a.Name, e.currentTarget.checked)}
                labelElement={
                  <span>
                    <span className="locus-strong">{a.AccountName}</span>{' '}
                    <span className="locus-muted">
                      {a.Type}
                      {a.Role ? ` · ${a.Role}` : ''}
                    </span>
                  </span>
                }
              />
              {a.IsConnected ? (
                <Tag minimal intent="success">
                  {t.alreadyConnected}
                </Tag>
              ) : null}
            </div>
          ))}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onCancel} />
            <Button intent="primary" text={t.start} disabled={!canStartImport(selected)} loading={state.isLoading} onClick={() => void start()} />
          </>
        }
      />
    </Dialog>
  );
};
