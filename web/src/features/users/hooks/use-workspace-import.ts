import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useLazyWorkspaceUsersQuery, useWorkspaceConnectMutation } from '../api/workspace-api';
import { userTexts as t } from '../constants';

const NOT_CONNECTED = 'GOOGLE_WORKSPACE.NOT_CONNECTED';
const errorCodeOf = (err: unknown) => (err as { data?: { ApiError?: { ErrorCode?: string } } })?.data?.ApiError?.ErrorCode;

/**
 * "Add Google Workspace Users": with a stored consent the directory dialog opens; without one
 * the browser goes to Google's consent (read-only directory scope) and comes back to
 * /users?directory=google-workspace, which opens the dialog.
 */
export const useWorkspaceImport = () => {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(params.get('directory') === 'google-workspace');
  const [probe, probeState] = useLazyWorkspaceUsersQuery();
  const [connect, connectState] = useWorkspaceConnectMutation();

  const start = async () => {
    try {
      await probe().unwrap();
      setOpen(true);
    } catch (err) {
      if (errorCodeOf(err) !== NOT_CONNECTED) {
        toast.error(failureMessage(err, t.genericFailure));
        return;
      }
      try {
        const res = await connect().unwrap();
        if (res.RedirectUrl) window.location.assign(res.RedirectUrl);
        else toast.error(res.ErrorMessage || t.workspaceNotConnected);
      } catch (connectErr) {
        toast.error(failureMessage(connectErr, t.genericFailure));
      }
    }
  };

  const close = () => {
    setOpen(false);
    if (params.has('directory')) setParams({}, { replace: true });
  };

  return { open, start, close, busy: probeState.isFetching || connectState.isLoading };
};
