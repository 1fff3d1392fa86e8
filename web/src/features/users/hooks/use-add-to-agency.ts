import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { userTexts as t } from '../constants';

/** Add to Agency for a directory user (Azure, Google Workspace): the spec's confirmation, then the toast. */
export const useAddToAgency = () => {
  const { confirm } = useConfirm();
  return async (name: string, add: () => Promise<{ ResponseMessage?: string }>) => {
    if (!(await confirm(t.confirmAddToAgency(name)))) return;
    try {
      const res = await add();
      toast.success(res.ResponseMessage || t.addedToAgency(name));
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };
};
