import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { useRenewSession } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useConnectionCompanyNameQuery, useFreshTokenMutation, useNameNewCompanyMutation } from '../api/connections-api';
import { connectionTexts as t } from '../constants';

/** New-company flow: the company is named before the account selection (spec part 2 §4). */
export const CompanyNameDialog = ({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) => {
  const { data } = useConnectionCompanyNameQuery();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [save, state] = useNameNewCompanyMutation();
  const [freshToken] = useFreshTokenMutation();
  const renewSession = useRenewSession();
  useEffect(() => {
    if (data?.CompanyName) setName((current) => current || data.CompanyName || '');
  }, [data]);
  const error = name.trim() ? undefined : t.companyNameRequired;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    try {
      const res = await save({ CompanyName: name.trim() }).unwrap();
      toast.success(res.ResponseMessage);
      // the top bar shows the company from the token: take one with the new name
      await freshToken()
        .unwrap()
        .then((r) => renewSession(r.Token))
        .catch((err: unknown) => console.error('token refresh after naming the company failed', err));
      onSaved();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.companyNameTitle} onClose={onCancel} canOutsideClickClose={false}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p>{t.companyNameText}</p>
          <FormGroup
            label={t.companyName}
            labelFor="new-company-name"
            labelInfo="*"
            intent={touched && error ? 'danger' : 'none'}
            helperText={touched ? error : undefined}
          >
            <InputGroup id="new-company-name" value={name} onValueChange={setName} autoFocus />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onCancel} />
              <Button type="submit" intent="primary" text={t.save} disabled={!name.trim()} loading={state.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
