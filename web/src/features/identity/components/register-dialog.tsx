import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { clearStoredToken } from '@web/shared/session/token-storage';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { useSignupMutation } from '../api/identity-api';
import { identityTexts as t } from '../constants';
import { validateSignup, type SignupErrors, type SignupForm } from '../validation';

const EMPTY: SignupForm = { FirstName: '', LastName: '', Email: '', Password: '', CompanyName: '' };

export const RegisterDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<SignupErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [signup, state] = useSignupMutation();
  const errors = validateSignup(form);
  const valid = Object.keys(errors).length === 0;
  const shown: SignupErrors = touched ? { ...serverErrors, ...errors } : serverErrors;

  const set = (field: keyof SignupForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setError(null);
    setServerErrors({});
    try {
      const res = await signup({ ...form, Email: form.Email.trim(), CompanyName: form.CompanyName.trim() }).unwrap();
      startSessionAndGo(res.Token);
    } catch (err) {
      clearStoredToken();
      setServerErrors(fieldErrorsOf(err) as SignupErrors);
      setError(failureMessage(err, t.genericFailure));
    }
  };

  const field = (name: keyof SignupForm, label: string, type = 'text', required = true) => (
    <FormGroup
      label={label}
      labelFor={`register-${name}`}
      labelInfo={required ? '*' : undefined}
      intent={shown[name] ? 'danger' : 'none'}
      helperText={shown[name]}
    >
      <InputGroup id={`register-${name}`} type={type} value={form[name]} onValueChange={set(name)} intent={shown[name] ? 'danger' : 'none'} />
    </FormGroup>
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
        <DialogFooter actions={<Button type="submit" intent="primary" text={t.createAccount} loading={state.isLoading} disabled={touched && !valid} />} />
      </form>
    </Dialog>
  );
};
