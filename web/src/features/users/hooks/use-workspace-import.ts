import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useLazyWorkspaceUsersQuery } from '../api/workspace-api';
import { userTexts as t } from '../constants';
import { useWorkspaceAccount, WORKSPACE_NOT_AUTHORIZED, WORKSPACE_NOT_CONNECTED, workspaceErrorCode } from './use-workspace-account';

/**
 * "Add Google Workspace Users": with a stored consent the directory dialog opens (also when the
 * consent can no longer read the directory: the dialog says so once and offers another account
 * or a disconnect, rather than a toast on every click); without one
 * the browser goes to Google's consent (read-only directory scope) and comes back to
 * /users?directory=google-workspace, which opens the dialog.
 */
export const useWorkspaceImport = () => {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(params.get('directory') === 'google-workspace');
  const [probe, probeState] = useLazyWorkspaceUsersQuery();
  const account = useWorkspaceAccount();

  const start = async () => {
    try {
      await probe().unwrap();
      setOpen(true);
    } catch (err) {
      const code = workspaceErrorCode(err);
      if (code === WORKSPACE_NOT_AUTHORIZED) {
        setOpen(true);
        return;
      }
      if (code !== WORKSPACE_NOT_CONNECTED) {
        toast.error(failureMessage(err, t.genericFailure));
        return;
      }
      await account.chooseAnother();
    }
  };

  const close = () => {
    setOpen(false);
    if (params.has('directory')) setParams({}, { replace: true });
  };

  return { open, start, close, busy: probeState.isFetching || account.connecting };
};
