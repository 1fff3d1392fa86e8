import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAzureCredentialsMutation } from '../api/users-api';
import { userTexts as t } from '../constants';

const EMPTY = { AzureClientId: '', AzureClientSecret: '', AzureTenantId: '' };

/** Important Notice!: the Azure app credentials; Save Changes needs all three. */
export const AzureCredentialsDialog = ({ isOpen, onClose, onSaved }: { isOpen: boolean; onClose: () => void; onSaved: () => void }) => {
  const [form, setForm] = useState(EMPTY);
  const [save, state] = useSaveAzureCredentialsMutation();
  useEffect(() => {
    if (isOpen) setForm(EMPTY);
  }, [isOpen]);
  const complete = Object.values(form).every((v) => v.trim().length > 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    try {
      const res = await save({
        AzureClientId: form.AzureClientId.trim(),
        AzureClientSecret: form.AzureClientSecret.trim(),
        AzureTenantId: form.AzureTenantId.trim(),
      }).unwrap();
      toast.success(res.ResponseMessage || t.keysSaved);
      onSaved();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <FormGroup label={label} labelFor={`azure-${name}`} labelInfo="*">
      <InputGroup id={`azure-${name}`} type={type} autoComplete="off" value={form[name]} onValueChange={(v) => setForm((f) => ({ ...f, [name]: v }))} />
    </FormGroup>
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
