import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useConnectTokenUrlMutation } from '../api/connections-api';
import { connectionTexts as t } from '../constants';

/** Connect Account: ask for Google's consent URL and go there (CanConnect false shows ErrorMessage). */
export const useConnectAccount = () => {
  const [tokenUrl, state] = useConnectTokenUrlMutation();
  const start = async () => {
    try {
      const res = await tokenUrl().unwrap();
      if (res.CanConnect && res.RedirectUrl) {
        window.location.assign(res.RedirectUrl);
        return;
      }
      toast.error(res.ErrorMessage || t.genericFailure);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
  // stays busy while the browser leaves for Google
  return { start, busy: state.isLoading || (state.isSuccess && Boolean(state.data?.CanConnect && state.data.RedirectUrl)) };
};
