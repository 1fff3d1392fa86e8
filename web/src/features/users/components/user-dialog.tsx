import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { CreateCompanyAdminBodySchema, CreateUserBodySchema, UpdateUserBodySchema, userMessages } from '@locus/contracts';
import type { z } from 'zod';
import { FeatureSlot } from '@web/app/feature-slots';
import { SelectField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { ContractPersonFields } from '@web/shared/forms/contract-person-fields';
import { topLevelPersonPaths, withoutEmptyPassword } from '@web/shared/forms/contract-person-paths';
import { emptyPerson } from '@web/shared/forms/person-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyAdminUserMutation, useCreateUserMutation, useSetUserActiveMutation, useUpdateUserMutation, type UserRow } from '../api/users-api';
import { userTexts as t } from '../constants';
import { rulesFor, type UserKind } from '../user-rules';

export type UserDialogMode = { kind: UserKind; user: UserRow | null };

/** The three routes' bodies are the same person, a new user's with a role besides. */
type UserFormSchema = z.ZodType<
  z.output<typeof UpdateUserBodySchema> & { Role?: z.output<typeof CreateUserBodySchema>['Role'] },
  z.input<typeof UpdateUserBodySchema> & { Role?: z.input<typeof CreateUserBodySchema>['Role'] }
>;
/** Each route's schema checks its own dialog: a new user (phone required, a role), a new admin (password pair), an edit. */
const schemaOf = ({ kind, user }: UserDialogMode): UserFormSchema =>
  user ? UpdateUserBodySchema : kind === 'admin' ? CreateCompanyAdminBodySchema : CreateUserBodySchema;

export const UserDialog = ({ mode, onClose }: { mode: UserDialogMode; onClose: () => void }) => {
  const { user } = mode;
  const form = useContractForm(schemaOf(mode), {
    ...emptyPerson(),
    ...(user ? { FirstName: user.FirstName, LastName: user.LastName, Email: user.Email, PhoneNumber: user.PhoneNumber } : {}),
    Role: 'CompanyUser',
  });
  const { control, handleSubmit, setError, formState } = form;
  const rules = rulesFor(mode.kind, mode.user !== null);
  const [createUser, createUserState] = useCreateUserMutation();
  const [createAdmin, createAdminState] = useCreateCompanyAdminUserMutation();
  const [updateUser, updateState] = useUpdateUserMutation();
  const [setActive, activeState] = useSetUserActiveMutation();
  const { confirm } = useConfirm();
  const saving = createUserState.isLoading || createAdminState.isLoading || updateState.isLoading;

  const showsLocations = mode.kind === 'user' && user !== null;
  const title = mode.kind === 'admin' ? (user ? t.updateAdminTitle : t.createAdminTitle) : user ? t.updateUserTitle : t.createUserTitle;

  const submit = handleSubmit(async (values) => {
    // spec §5: a company user keeps a phone number, edits included (the update route lets admins leave it out)
    if (rules.phoneRequired && !values.PhoneNumber) {
      setError('PhoneNumber', { type: 'required', message: userMessages.phoneRequired });
      return;
    }
    const body = withoutEmptyPassword(values);
    try {
      const res = user
        ? await updateUser({ userId: user.Id, body }).unwrap()
        : mode.kind === 'admin'
          ? await createAdmin(body).unwrap()
          : await createUser({ ...body, Role: values.Role ?? 'CompanyUser' }).unwrap();
      toast.success(res.ResponseMessage || (user ? t.userUpdated : mode.kind === 'admin' ? t.companyAdminCreated : t.userCreated));
      onClose();
    } catch (err) {
      // spec §8: create/update failures are logged; the server's reason is shown as well
      console.error('user save failed', err);
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

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
          <ContractPersonFields
            control={control}
            paths={topLevelPersonPaths}
            idPrefix={`user-${mode.kind}`}
            withPassword
            passwordRequired={rules.password === 'pair'}
            phoneRequired={rules.phoneRequired}
          />
          {mode.kind === 'user' && !user ? (
            <SelectField
              control={control}
              name="Role"
              id="user-role"
              label={t.roleLabel}
              options={[
                { value: 'CompanyUser', label: t.roleCompanyUser },
                { value: 'CompanyAuditor', label: t.roleAuditor },
              ]}
            />
          ) : null}
          {/* spec part 2 §2: editing a company user also shows the Associated Locations panel */}
          {showsLocations && user ? <FeatureSlot name="userLocationsPanel" userId={user.Id} /> : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={saving} disabled={mode.kind === 'admin' && !formState.isValid} />
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
