import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { FeatureSlot } from '@web/app/feature-slots';
import { PersonFields } from '@web/shared/forms/person-fields';
import { emptyPerson, isValid, personBody, validatePerson, type PersonForm } from '@web/shared/forms/person-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyAdminUserMutation, useCreateUserMutation, useSetUserActiveMutation, useUpdateUserMutation, type UserRow } from '../api/users-api';
import { userTexts as t } from '../constants';
import { rulesFor, type UserKind } from '../user-rules';

export type UserDialogMode = { kind: UserKind; user: UserRow | null };

export const UserDialog = ({ mode, onClose }: { mode: UserDialogMode; onClose: () => void }) => {
  const { user } = mode;
  const [form, setForm] = useState<PersonForm>(() =>
    user ? { ...emptyPerson(), FirstName: user.FirstName, LastName: user.LastName, Email: user.Email, PhoneNumber: user.PhoneNumber } : emptyPerson(),
  );
  const [submitted, setSubmitted] = useState(false);
  /** A new user is a Company User or a read-only Auditor. */
  const [role, setRole] = useState<'CompanyUser' | 'CompanyAuditor'>('CompanyUser');
  const rules = rulesFor(mode.kind, mode.user !== null);
  const errors = validatePerson(form, rules);
  const [createUser, createUserState] = useCreateUserMutation();
  const [createAdmin, createAdminState] = useCreateCompanyAdminUserMutation();
  const [updateUser, updateState] = useUpdateUserMutation();
  const [setActive, activeState] = useSetUserActiveMutation();
  const { confirm } = useConfirm();
  const saving = createUserState.isLoading || createAdminState.isLoading || updateState.isLoading;

  const showsLocations = mode.kind === 'user' && user !== null;
  const title = mode.kind === 'admin' ? (user ? t.updateAdminTitle : t.createAdminTitle) : user ? t.updateUserTitle : t.createUserTitle;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!isValid(errors)) return;
    const body = personBody(form);
    try {
      const res = user
        ? await updateUser({ userId: user.Id, body }).unwrap()
        : mode.kind === 'admin'
          ? await createAdmin(body).unwrap()
          : await createUser({ ...body, Role: role }).unwrap();
      toast.success(res.ResponseMessage || (user ? t.userUpdated : mode.kind === 'admin' ? t.companyAdminCreated : t.userCreated));
      onClose();
    } catch (err) {
      // spec §8: create/update failures are logged; the server's reason is shown as well
      console.error('user save failed', err);
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const toggleActive = async () => {
    if (!user) return;
    if (user.LoginAllowed && !(await confirm(t.confirmDeactivate))) return;
    try {
      const res = await setActive({ userId: user.Id, active: !user.LoginAllowed }).unwrap();
      toast.success(res.ResponseMessage || (user.LoginAllowed ? t.userDeactivated : t.userActivated));
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={title} onClose={onClose} className={showsLocations ? 'locus-dialog-xwide' : 'locus-dialog-wide'}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <PersonFields
            idPrefix={`user-${mode.kind}`}
            value={form}
            onChange={setForm}
            errors={errors}
            showAllErrors={submitted}
            password={rules.password}
            phoneRequired={rules.phoneRequired}
          />
          {mode.kind === 'user' && !user ? (
            <FormGroup label={t.roleLabel} labelFor="user-role">
              <HTMLSelect id="user-role" value={role} onChange={(e) => setRole(e.target.value === 'CompanyAuditor' ? 'CompanyAuditor' : 'CompanyUser')}>
                <option value="CompanyUser">{t.roleCompanyUser}</option>
                <option value="CompanyAuditor">{t.roleAuditor}</option>
              </HTMLSelect>
            </FormGroup>
          ) : null}
          {/* spec part 2 §2: editing a company user also shows the Associated Locations panel */}
          {showsLocations && user ? <FeatureSlot name="userLocationsPanel" userId={user.Id} /> : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={saving} disabled={mode.kind === 'admin' && !isValid(errors)} />
            </>
          }
        >
          {user && !user.IsDefaultCompanyContact ? (
            <Button
              variant="outlined"
              intent={user.LoginAllowed ? 'warning' : 'success'}
              icon={user.LoginAllowed ? 'disable' : 'confirm'}
              text={user.LoginAllowed ? t.deactivate : t.activate}
              onClick={() => void toggleActive()}
              loading={activeState.isLoading}
            />
          ) : null}
        </DialogFooter>
      </form>
    </Dialog>
  );
};
