import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { userTexts as t } from '../constants';
import { AzureUsersTable } from './azure-users-table';

export const AzureUsersDialog = ({ onClose, onConnect }: { onClose: () => void; onConnect: () => void }) => (
  <Dialog isOpen title={t.azureUsersTitle} onClose={onClose} className="locus-dialog-xwide">
    <DialogBody>
      <AzureUsersTable onConnect={onConnect} />
    </DialogBody>
    <DialogFooter actions={<Button text={t.cancel} onClick={onClose} />} />
  </Dialog>
);
