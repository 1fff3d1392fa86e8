import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { clearStoredToken } from '@web/shared/session/token-storage';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { useSignupMutation } from '../api/identity-api';
import { identityTexts as t } from '../constants';
import { RegisterFormSchema } from '../validation';

export const RegisterDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const form = useContractForm(RegisterFormSchema, { FirstName: '', LastName: '', Email: '', Password: '', CompanyName: '' });
  const { control, handleSubmit, formState } = form;
  const [error, setError] = useState<string | null>(null);
  const [signup, state] = useSignupMutation();

  const submit = handleSubmit(async (body) => {
    setError(null);
    try {
      const res = await signup(body).unwrap();
      startSessionAndGo(res.Token);
    } catch (err) {
      clearStoredToken();
      showServerFieldErrors(err, form);
      setError(failureMessage(err, t.genericFailure));
    }
  });

  const field = (name: 'FirstName' | 'LastName' | 'CompanyName' | 'Email' | 'Password', label: string, type = 'text', required = true) => (
    <TextField control={control} name={name} id={`register-${name}`} label={label} type={type} required={required} />
  );

  return (
    <Dialog isOpen={isOpen} title={t.registerTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {field('FirstName', t.firstName)}
          {field('LastName', t.lastName, 'text', false)}
          {field('CompanyName', t.companyName)}
          {field('Email', t.email, 'email')}
          {field('Password', t.password, 'password')}
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <Button
              type="submit"
              intent="primary"
              text={t.createAccount}
              loading={state.isLoading}
              disabled={formState.isSubmitted && Object.keys(formState.errors).length > 0}
            />
          }
        />
      </form>
    </Dialog>
  );
};
