import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useAzureConnectMutation, useLazyAzureCredentialsQuery } from '../api/users-api';
import { userTexts as t } from '../constants';

/**
 * "Add Azure Users": a connected directory opens the users dialog; otherwise ask the server to
 * connect (redirect to Microsoft), or ask for the credentials when none are stored (spec §4 Azure connect).
 */
export const useAzureImport = () => {
  const [usersOpen, setUsersOpen] = useState(false);
  const [credentialsOpen, setCredentialsOpen] = useState(false);
  const [loadCredentials, credentialsState] = useLazyAzureCredentialsQuery();
  const [connect, connectState] = useAzureConnectMutation();

  const startConnect = async () => {
    try {
      const res = await connect().unwrap();
      if (res.CanConnect && res.RedirectUrl) {
        window.location.assign(res.RedirectUrl);
        return;
      }
      if (!res.HasAzureCredentials) {
        setCredentialsOpen(true);
        return;
      }
      toast.error(res.ErrorMessage || t.notConnected);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const open = async () => {
    try {
      const view = await loadCredentials().unwrap();
      if (view.IsConnected) {
        setUsersOpen(true);
        return;
      }
    } catch {
      // no stored view: fall through to the connect flow, which reports the reason
    }
    await startConnect();
  };

  return {
    open,
    startConnect,
    busy: credentialsState.isFetching || connectState.isLoading,
    usersOpen,
    closeUsers: () => setUsersOpen(false),
    credentialsOpen,
    openCredentials: () => setCredentialsOpen(true),
    closeCredentials: () => setCredentialsOpen(false),
  };
};
