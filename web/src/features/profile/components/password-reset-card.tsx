import { Button, Callout, Card, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { responseMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useResetPasswordMutation } from '../api/profile-api';
import { profileTexts as t } from '../constants';
import { canResetPassword, passwordResetProblem, type PasswordResetForm } from '../validation';

const EMPTY: PasswordResetForm = { CurrentPassword: '', NewPassword: '', ConfirmPassword: '' };

export const PasswordResetCard = () => {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [reset, state] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canResetPassword(form)) return;
    const mismatch = passwordResetProblem(form, t.passwordsDoNotMatch);
    setProblem(mismatch);
    if (mismatch) return;
    try {
      const res = await reset(form).unwrap();
      toast.success(res.ResponseMessage || t.passwordReset);
      setForm(EMPTY);
    } catch (err) {
      toast.error(responseMessage(err, t.genericFailure));
    }
  };

  const field = (name: keyof PasswordResetForm, label: string, autoComplete: string) => (
    <FormGroup label={label} labelFor={`reset-${name}`}>
      <InputGroup
        id={`reset-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        onValueChange={(v) => setForm((f) => ({ ...f, [name]: v }))}
      />
    </FormGroup>
  );

  return (
    <Card className="locus-card">
      <H5>{t.passwordResetTitle}</H5>
      <form onSubmit={submit} noValidate>
        {field('CurrentPassword', t.currentPassword, 'current-password')}
        {field('NewPassword', t.newPassword, 'new-password')}
        {field('ConfirmPassword', t.reEnterPassword, 'new-password')}
        {problem ? (
          <Callout intent="danger" className="locus-error-line" role="alert">
            {problem}
          </Callout>
        ) : null}
        <Button type="submit" intent="primary" text={t.resetPassword} disabled={!canResetPassword(form)} loading={state.isLoading} />
      </form>
    </Card>
  );
};
