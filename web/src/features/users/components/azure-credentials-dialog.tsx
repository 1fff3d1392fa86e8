import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { saveAzureCredentialsRoute } from '@locus/contracts';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAzureCredentialsMutation } from '../api/users-api';
import { userTexts as t } from '../constants';

const EMPTY = { AzureClientId: '', AzureClientSecret: '', AzureTenantId: '' };

/** Important Notice!: the Azure app credentials, checked by the route's schema; Save Changes waits for all three. */
export const AzureCredentialsDialog = ({ isOpen, onClose, onSaved }: { isOpen: boolean; onClose: () => void; onSaved: () => void }) => {
  const form = useContractForm(saveAzureCredentialsRoute, EMPTY);
  const { control, reset, handleSubmit } = form;
  const values = useWatch({ control });
  const [save, state] = useSaveAzureCredentialsMutation();
  useEffect(() => {
    if (isOpen) reset(EMPTY);
  }, [isOpen, reset]);
  const complete = Object.values(values).every((v) => typeof v === 'string' && v.trim().length > 0);

  const submit = handleSubmit(async (body) => {
    try {
      const res = await save(body).unwrap();
      toast.success(res.ResponseMessage || t.keysSaved);
      onSaved();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField control={control} name={name} id={`azure-${name}`} label={label} type={type} autoComplete="off" required />
  );

  return (
    <Dialog isOpen={isOpen} title={t.importantNotice} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <Callout intent="warning" icon="warning-sign" className="locus-callout">
            {t.importantNoticeText}
          </Callout>
          {field('AzureClientId', t.azureClientId)}
          {field('AzureClientSecret', t.azureClientSecret, 'password')}
          {field('AzureTenantId', t.azureTenantId)}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.saveChanges} disabled={!complete} loading={state.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
