import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useWorkspaceCallbackMutation } from '../api/workspace-api';
import { userTexts as t } from '../constants';
import { useWorkspaceAccount, WORKSPACE_NOT_AUTHORIZED, workspaceErrorCode } from '../hooks/use-workspace-account';

/**
 * /google-workspace-callback: Google sends code and state (or error) here; then the directory
 * opens on Users. An account that cannot read a directory is not connected: the page says so
 * once and offers another account.
 */
export default function WorkspaceConnectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [callback] = useWorkspaceCallbackMutation();
  const started = useRef(false);
  const [refused, setRefused] = useState<string | null>(null);
  const account = useWorkspaceAccount();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const fail = (message: string) => {
      toast.error(message);
      navigate('/users', { replace: true });
    };
    if (params.get('error') || !code || !state) return fail(params.get('error_description') || t.workspaceNotConnected);
    callback({ Code: code, State: state })
      .unwrap()
      .then((res) => {
        toast.success(res.ResponseMessage);
        navigate('/users?directory=google-workspace', { replace: true });
      })
      .catch((err: unknown) => {
        if (workspaceErrorCode(err) === WORKSPACE_NOT_AUTHORIZED) setRefused(failureMessage(err, t.genericFailure));
        else fail(failureMessage(err, t.genericFailure));
      });
  }, [callback, navigate, params]);

  if (refused)
    return (
      <NonIdealState
        icon="warning-sign"
        title={t.workspaceRefusedTitle}
        description={refused}
        action={
          <>
            <Button
              intent="primary"
              icon="swap-horizontal"
              text={t.useAnotherAccount}
              loading={account.connecting}
              onClick={() => void account.chooseAnother()}
            />{' '}
            <Button text={t.backToUsers} onClick={() => navigate('/users', { replace: true })} />
          </>
        }
      />
    );
  return <NonIdealState icon={<Spinner />} title={t.workspaceCallbackWorking} />;
}
