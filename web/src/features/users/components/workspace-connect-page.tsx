import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useWorkspaceCallbackMutation } from '../api/workspace-api';
import { userTexts as t } from '../constants';

/** /google-workspace-callback: Google sends code and state (or error) here; then the directory opens on Users. */
export default function WorkspaceConnectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [callback] = useWorkspaceCallbackMutation();
  const started = useRef(false);

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
      .catch((err: unknown) => fail(failureMessage(err, t.genericFailure)));
  }, [callback, navigate, params]);

  return <NonIdealState icon={<Spinner />} title={t.workspaceCallbackWorking} />;
}
