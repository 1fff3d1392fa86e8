import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { PersonFields } from '@web/shared/forms/person-fields';
import { emptyPerson, isValid, personBody, validatePerson, type PersonForm } from '@web/shared/forms/person-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyAdminMutation, useUpdateCompanyAdminMutation, type UserRow } from '../api/companies-api';
import { companyTexts as t } from '../constants';

/** Create (password pair required) or update (password only when typed) a company admin. */
export const CompanyAdminDialog = ({ companyId, admin, onClose }: { companyId: string; admin: UserRow | null; onClose: () => void }) => {
  const editMode = admin !== null;
  const [form, setForm] = useState<PersonForm>(() =>
    admin ? { ...emptyPerson(), FirstName: admin.FirstName, LastName: admin.LastName, Email: admin.Email, PhoneNumber: admin.PhoneNumber } : emptyPerson(),
  );
  const rules = { password: editMode ? ('optional-pair' as const) : ('pair' as const), phoneRequired: false };
  const errors = validatePerson(form, rules);
  const [create, createState] = useCreateCompanyAdminMutation();
  const [update, updateState] = useUpdateCompanyAdminMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValid(errors)) return;
    try {
      const body = personBody(form);
      const res = admin ? await update({ companyId, adminId: admin.Id, body }).unwrap() : await create({ companyId, body }).unwrap();
      toast.success(res.ResponseMessage || (admin ? t.companyAdminUpdated : t.companyAdminCreated));
      onClose();
    } catch (err) {
      // spec §8: create/update failures are only logged; the server's reason is still worth showing
      console.error('company admin save failed', err);
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={editMode ? t.updateAdminTitle : t.createAdminTitle} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <PersonFields idPrefix="company-admin" value={form} onChange={setForm} errors={errors} password={rules.password} phoneRequired={false} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} disabled={!isValid(errors)} loading={createState.isLoading || updateState.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
