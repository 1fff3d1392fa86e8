import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage, responseMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api/identity-api';
import { identityTexts as t } from '../constants';
import { looksLikeEmail, resetPasswordProblem } from '../validation';
import { AuthCard } from './auth-card';

/** /forget-password: request a link, or (with email and token in the URL) set a new password. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return token && email ? <SetNewPassword email={email} token={token} invitation={params.get('invitation') === '1'} /> : <RequestLink />;
}

const RequestLink = () => {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  // the server's answer, kept on the card once the toast is gone
  const [sent, setSent] = useState<string | null>(null);
  const [forgot, state] = useForgotPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!looksLikeEmail(email)) return;
    try {
      const res = await forgot({ Email: email.trim() }).unwrap();
      toast.success(res.ResponseMessage);
      setSent(res.ResponseMessage || t.forgotPrompt);
    } catch (err) {
      toast.error(responseMessage(err, t.genericFailure));
    }
  };

  return (
    <AuthCard title={t.forgotTitle}>
      {sent !== null ? (
        <>
          <Callout intent="success" icon="envelope" className="locus-error-line">
            {sent}
          </Callout>
          <Button intent="primary" size="large" fill text={t.goToLogin} onClick={() => navigate('/login')} />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t.forgotPrompt}</p>
          <FormGroup label={t.email} labelFor="forgot-email">
            <InputGroup id="forgot-email" type="email" value={email} onValueChange={setEmail} size="large" />
          </FormGroup>
          <Button type="submit" intent="primary" size="large" fill text={t.forgetPasswordButton} disabled={!looksLikeEmail(email)} loading={state.isLoading} />
          <div className="locus-auth-links">
            <a
              href="/login"
              onClick={(e) => {
                e.preventDefault();
                navigate('/login');
              }}
            >
              {t.goToLogin}
            </a>
          </div>
        </form>
      )}
    </AuthCard>
  );
};

/** With `invitation` (the link of an invitation mail) the new user sets their first password. */
const SetNewPassword = ({ email, token, invitation }: { email: string; token: string; invitation: boolean }) => {
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reset, state] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = resetPasswordProblem(newPassword, confirm, t.resetPasswordsNotSame);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const res = await reset({ Email: email, Token: token, NewPassword: newPassword, ConfirmPassword: confirm }).unwrap();
      toast.success(res.ResponseMessage);
      navigate('/login');
    } catch (err) {
      setError(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <AuthCard title={invitation ? t.setPasswordTitle : t.resetTitle}>
      <form onSubmit={submit} noValidate>
        <FormGroup label={t.newPassword} labelFor="reset-new">
          <InputGroup id="reset-new" type="password" autoComplete="new-password" value={newPassword} onValueChange={setNewPassword} size="large" />
        </FormGroup>
        <FormGroup label={t.confirmPassword} labelFor="reset-confirm">
          <InputGroup id="reset-confirm" type="password" autoComplete="new-password" value={confirm} onValueChange={setConfirm} size="large" />
        </FormGroup>
        {error ? (
          <Callout intent="danger" className="locus-error-line" role="alert">
            {error}
          </Callout>
        ) : null}
        <Button type="submit" intent="primary" size="large" fill text={t.resetPasswordButton} disabled={!newPassword || !confirm} loading={state.isLoading} />
      </form>
    </AuthCard>
  );
};
