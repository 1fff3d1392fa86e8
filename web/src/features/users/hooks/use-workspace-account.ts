import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useWorkspaceConnectMutation, useWorkspaceDisconnectMutation } from '../api/workspace-api';
import { userTexts as t } from '../constants';

export const WORKSPACE_NOT_CONNECTED = 'GOOGLE_WORKSPACE.NOT_CONNECTED';
export const WORKSPACE_NOT_AUTHORIZED = 'GOOGLE_WORKSPACE.NOT_AUTHORIZED';
export const workspaceErrorCode = (err: unknown) => (err as { data?: { ApiError?: { ErrorCode?: string } } } | undefined)?.data?.ApiError?.ErrorCode;

/**
 * The Workspace account's two ways out: Google's account chooser again (another account), or
 * forgetting the stored consent (disconnect, after a confirmation; the server's message toasts).
 */
export const useWorkspaceAccount = () => {
  const { confirm } = useConfirm();
  const [connect, connectState] = useWorkspaceConnectMutation();
  const [disconnectCall, disconnectState] = useWorkspaceDisconnectMutation();

  const chooseAnother = async () => {
    try {
      const res = await connect().unwrap();
      if (res.RedirectUrl) window.location.assign(res.RedirectUrl);
      else toast.error(res.ErrorMessage || t.workspaceNotConnected);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  /** True when the consent is gone. */
  const disconnect = async (): Promise<boolean> => {
    if (!(await confirm(t.confirmDisconnect))) return false;
    try {
      const res = await disconnectCall().unwrap();
      toast.success(res.ResponseMessage || t.workspaceDisconnected);
      return true;
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
      return false;
    }
  };

  return { chooseAnother, disconnect, connecting: connectState.isLoading, disconnecting: disconnectState.isLoading };
};
