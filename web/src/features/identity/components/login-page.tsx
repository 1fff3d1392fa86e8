import { Button, Callout, Divider, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { clearStoredToken } from '@web/shared/session/token-storage';
import { startSessionAndGo } from '@web/shared/session/session-actions';
import { toast } from '@web/shared/ui/toaster';
import { useGoogleTokenUrlMutation, useLoginMutation } from '../api/identity-api';
import { identityTexts as t } from '../constants';
import { canSubmitLogin } from '../validation';
import { AuthCard } from './auth-card';
import { OtpDialog, type OtpChallenge } from './otp-dialog';
import { RegisterDialog } from './register-dialog';

export default function LoginPage() {
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [otpChallenge, setOtpChallenge] = useState<OtpChallenge | null>(null);
  const [registerOpen, setRegisterOpen] = useState(location.pathname === '/signup');
  const [login, loginState] = useLoginMutation();
  const [googleTokenUrl, googleState] = useGoogleTokenUrlMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitLogin(email, password)) return;
    setError(null);
    try {
      const res = await login({ UserName: email.trim(), Password: password }).unwrap();
      if (res.Token) {
        startSessionAndGo(res.Token);
        return;
      }
      if (res.IsAdministrator && res.OtpChallengeId) {
        setOtpChallenge({ id: res.OtpChallengeId, expiresAt: res.OtpExpiresAt ?? null, sentAt: Date.now() });
        if (res.ResponseMessage) toast.info(res.ResponseMessage);
        return;
      }
      setError(res.ResponseMessage || t.loginFailed);
    } catch (err) {
      clearStoredToken();
      setError(failureMessage(err, t.loginFailed));
    }
  };

  const signInWithGoogle = async () => {
    try {
      const res = await googleTokenUrl().unwrap();
      if (res.CanConnect && res.RedirectUrl) {
        window.location.assign(res.RedirectUrl);
        return;
      }
      toast.error(res.ErrorMessage || t.genericFailure);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <AuthCard title={t.loginTitle}>
      <form onSubmit={submit} noValidate>
        <FormGroup label={t.email} labelFor="login-email">
          <InputGroup id="login-email" type="email" autoComplete="username" value={email} onValueChange={setEmail} size="large" />
        </FormGroup>
        <FormGroup label={t.password} labelFor="login-password">
          <InputGroup id="login-password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} size="large" />
        </FormGroup>
        {error ? (
          <Callout intent="danger" className="locus-error-line" role="alert">
            {error}
          </Callout>
        ) : null}
        <Button type="submit" intent="primary" size="large" fill text={t.login} loading={loginState.isLoading} disabled={!canSubmitLogin(email, password)} />
      </form>
      <div className="locus-auth-links">
        <Link to="/forget-password">{t.forgetPasswordLink}</Link>
        <a
          href="/signup"
          onClick={(e) => {
            e.preventDefault();
            setRegisterOpen(true);
          }}
        >
          {t.createAccountLink}
        </a>
      </div>
      <Divider />
      <Button icon="globe" fill size="large" text={t.signInWithGoogle} loading={googleState.isLoading} onClick={signInWithGoogle} />
      <OtpDialog challenge={otpChallenge} onClose={() => setOtpChallenge(null)} />
      <RegisterDialog isOpen={registerOpen} onClose={() => setRegisterOpen(false)} />
    </AuthCard>
  );
}
