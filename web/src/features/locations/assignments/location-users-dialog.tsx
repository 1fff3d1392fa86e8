import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Spinner, Tag } from '@blueprintjs/core';
import { LocationAssociationBodySchema } from '@locus/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useAssignmentUserPickerQuery, useLocationUsersQuery, useSaveLocationUsersMutation, type LocationUsers } from '../api/assignments-api';
import { associationBody, chooseCoOwners, choosePrimaryOwner, chooseStaff, type LocationUsersForm } from './assignment-rules';
import { assignmentTexts as t } from './constants';
import './assignments.css';

const NONE = '';
type LocationUser = LocationUsers['Users'][number];

/** What the dialog sends: every list, with an Update flag on the parts that changed, checked by the route's schema. */
const usersSchemaFrom = (initial: LocationUsersForm) =>
  z
    .custom<LocationUsersForm>((v) => typeof v === 'object' && v !== null)
    .transform((form) => associationBody(initial, form))
    .pipe(LocationAssociationBodySchema);

/** The location's Users dialog (550px): primary owner, co-owners and staff. */
export const LocationUsersDialog = ({
  locationId,
  locationTitle,
  onClose,
}: {
  locationId: string;
  locationTitle: string;
  onClose: () => void;
}): ReactElement => {
  const current = useLocationUsersQuery(locationId);
  const [initial, setInitial] = useState<LocationUsersForm | null>(null);

  useEffect(() => {
    if (current.data && !initial)
      setInitial({ primaryOwnerId: current.data.PrimaryOwnerId, coOwnerIds: current.data.LocationCoownerIds, staffIds: current.data.StaffUserIds });
  }, [current.data, initial]);

  return (
    <Dialog isOpen title={t.usersTitle} onClose={onClose} style={{ width: 550, maxWidth: 'calc(100vw - 24px)' }}>
      {initial ? (
        <LocationUsersFields locationId={locationId} locationTitle={locationTitle} initial={initial} users={current.data?.Users ?? []} onClose={onClose} />
      ) : (
        <>
          <DialogBody>
            <p className="locus-strong">{locationTitle}</p>
            <Spinner />
          </DialogBody>
          <DialogFooter actions={<Button text={t.cancel} onClick={onClose} />} />
        </>
      )}
    </Dialog>
  );
};

const LocationUsersFields = ({
  locationId,
  locationTitle,
  initial,
  users,
  onClose,
}: {
  locationId: string;
  locationTitle: string;
  initial: LocationUsersForm;
  users: readonly LocationUser[];
  onClose: () => void;
}) => {
  const user = useSignedInUser();
  const picker = useAssignmentUserPickerQuery();
  const [save, saveState] = useSaveLocationUsersMutation();
  const [schema] = useState(() => usersSchemaFrom(initial));
  const form = useContractForm(schema, initial);
  const { handleSubmit, getValues, reset } = form;
  const values = useWatch({ control: form.control });
  const primaryOwnerId = values.primaryOwnerId ?? null;
  // one choice moves a user out of the other lists: the whole form takes the new values
  const choose = (next: LocationUsersForm) => reset(next, { keepDefaultValues: true });
  // spec: primary owner and co-owner pickers only for administrators and company admins
  const canPickOwners = user.role === 'CompanyAdmin' || user.role === 'Administrator';

  const names: Record<string, string> = Object.fromEntries(users.map((u) => [u.UserId, u.Name]));
  const choices = (picker.data ?? []).map((u) => ({ value: u.Id, label: `${u.FirstName} ${u.LastName}`.trim() || u.Id }));

  const submit = handleSubmit(async (body) => {
    try {
      const res = await save({ id: locationId, body }).unwrap();
      toast.success(res.ResponseMessage || t.associationsSaved);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <>
      <DialogBody>
        <p className="locus-strong">{locationTitle}</p>
        {canPickOwners ? (
          <>
            <FormGroup label={t.primaryOwnerPicker} labelFor="location-primary-owner">
              <ChoiceSelect
                id="location-primary-owner"
                choices={[{ value: NONE, label: t.noPrimaryOwnerChoice }, ...choices]}
                value={primaryOwnerId ?? NONE}
                valueLabel={primaryOwnerId ? names[primaryOwnerId] : undefined}
                placeholder={t.noPrimaryOwnerChoice}
                loading={picker.isLoading}
                onChange={(c) => choose(choosePrimaryOwner(getValues(), c.value === NONE ? null : c.value))}
              />
            </FormGroup>
            <FormGroup label={t.coOwnersPicker}>
              <ChoiceMultiSelect
                choices={choices.filter((c) => c.value !== primaryOwnerId)}
                values={values.coOwnerIds ?? []}
                labels={names}
                placeholder={t.selectUsers}
                onChange={(ids) => choose(chooseCoOwners(getValues(), ids))}
              />
            </FormGroup>
          </>
        ) : null}
        <FormGroup label={t.staffPicker}>
          <ChoiceMultiSelect
            choices={choices.filter((c) => c.value !== primaryOwnerId)}
            values={values.staffIds ?? []}
            labels={names}
            placeholder={t.selectUsers}
            onChange={(ids) => choose(chooseStaff(getValues(), ids))}
          />
        </FormGroup>
        <div className="locus-form-section">{t.currentUsers}</div>
        {users.length === 0 ? <p className="locus-muted">{t.noUsers}</p> : null}
        {users.map((u) => (
          <div key={u.UserId} className="locus-location-user">
            <span>
              {u.Name} <span className="locus-muted">{u.Email}</span>
            </span>
            <Tag minimal round>
              {u.Badge}
            </Tag>
          </div>
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} loading={saveState.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </>
  );
};
