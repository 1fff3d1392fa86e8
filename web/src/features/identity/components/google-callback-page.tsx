import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { clearStoredToken, readStoredToken, storeToken } from '@web/shared/session/token-storage';
import { toast } from '@web/shared/ui/toaster';
import { useGoogleCallbackMutation } from '../api/identity-api';
import { identityTexts as t } from '../constants';

/**
 * Google redirects here with code and state. A Google sign-in gets a token and reloads;
 * connecting an account continues at /account-connected/{processId}/{isNewCompanyCreated}.
 */
export default function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [callback] = useGoogleCallbackMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const fail = (message: string) => {
      if (!readStoredToken()) {
        clearStoredToken();
        toast.error(t.googleCallbackFailed + message);
        navigate('/login', { replace: true });
        return;
      }
      toast.error(t.googleCallbackFailed + message);
      navigate('/dashboard', { replace: true });
    };
    if (!code || !state) {
      fail(params.get('error_description') ?? params.get('error') ?? 'missing code or state');
      return;
    }
    callback({ Code: code, State: state })
      .unwrap()
      .then((res) => {
        const token = res.Token;
        if (token) storeToken(token);
        if (res.JustLoggingInUsingGoogleLoginBtn || (token && !res.ProcessId)) {
          window.location.assign('/');
          return;
        }
        if (res.ProcessId) {
          const target = `/account-connected/${encodeURIComponent(res.ProcessId)}/${res.IsNewCompanyCreated ? 'true' : 'false'}`;
          if (res.IsReloadRequired) window.location.assign(target);
          else navigate(target, { replace: true });
          return;
        }
        toast.success(res.ResponseMessage || t.accountConnected);
        navigate('/dashboard', { replace: true });
      })
      .catch((err: unknown) => fail(failureMessage(err, t.genericFailure)));
  }, [callback, navigate, params]);

  return <NonIdealState icon={<Spinner />} title={t.googleCallbackWorking} />;
}
