import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { settingsTexts as t } from '../constants';

type Answer = Promise<{ ResponseMessage?: string }>;

/** Set-value and delete of a settings variable: the spec's confirmation, then its success or failure toast. */
export function useVariableActions(options: {
  setValue: (variableId: string, value: string | boolean) => Answer;
  remove: (variableId: string) => Answer;
  onValueSaved: () => void;
}) {
  const { confirm } = useConfirm();

  const saveValue = async (variableId: string, value: string | boolean) => {
    if (!(await confirm(t.confirmSetValue))) return;
    try {
      const res = await options.setValue(variableId, value);
      toast.success(res.ResponseMessage || t.saved);
      options.onValueSaved();
    } catch (err) {
      toast.error(failureMessage(err, t.saveFailed));
    }
  };

  const deleteVariable = async (variableId: string) => {
    if (!(await confirm(t.confirmDelete))) return;
    try {
      const res = await options.remove(variableId);
      toast.success(res.ResponseMessage || t.deleted);
    } catch (err) {
      toast.error(failureMessage(err, t.deleteFailed));
    }
  };

  return { saveValue, deleteVariable };
}
