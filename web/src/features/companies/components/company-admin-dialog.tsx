import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { createCompanyAdminRoute, updateCompanyAdminRoute } from '@locus/contracts';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { ContractPersonFields } from '@web/shared/forms/contract-person-fields';
import { topLevelPersonPaths, withoutEmptyPassword } from '@web/shared/forms/contract-person-paths';
import { emptyPerson } from '@web/shared/forms/person-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyAdminMutation, useUpdateCompanyAdminMutation, type UserRow } from '../api/companies-api';
import { companyTexts as t } from '../constants';

/** Create (password pair required) or update (password only when typed) a company admin, checked by the route's schema. */
export const CompanyAdminDialog = ({ companyId, admin, onClose }: { companyId: string; admin: UserRow | null; onClose: () => void }) => {
  const form = useContractForm(
    admin ? updateCompanyAdminRoute : createCompanyAdminRoute,
    admin ? { ...emptyPerson(), FirstName: admin.FirstName, LastName: admin.LastName, Email: admin.Email, PhoneNumber: admin.PhoneNumber } : emptyPerson(),
  );
  const { control, handleSubmit, formState } = form;
  const [create, createState] = useCreateCompanyAdminMutation();
  const [update, updateState] = useUpdateCompanyAdminMutation();

  const submit = handleSubmit(async (values) => {
    try {
      const body = withoutEmptyPassword(values);
      const res = admin ? await update({ companyId, adminId: admin.Id, body }).unwrap() : await create({ companyId, body }).unwrap();
      toast.success(res.ResponseMessage || (admin ? t.companyAdminUpdated : t.companyAdminCreated));
      onClose();
    } catch (err) {
      // spec §8: create/update failures are only logged; the server's reason is still worth showing
      console.error('company admin save failed', err);
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <Dialog isOpen title={admin ? t.updateAdminTitle : t.createAdminTitle} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <ContractPersonFields
            control={control}
            paths={topLevelPersonPaths}
            idPrefix="company-admin"
            withPassword
            passwordRequired={!admin}
            phoneRequired={false}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} disabled={!formState.isValid} loading={createState.isLoading || updateState.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
