import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import { useSignedInUser } from '@web/shared/session/session-context';
import { toast } from '@web/shared/ui/toaster';
import { useAssignmentUserPickerQuery, useLocationUsersQuery, useSaveLocationUsersMutation } from '../api/assignments-api';
import { associationBody, chooseCoOwners, choosePrimaryOwner, chooseStaff, type LocationUsersForm } from './assignment-rules';
import { assignmentTexts as t } from './constants';
import './assignments.css';

const NONE = '';

/** The location's Users dialog (550px): primary owner, co-owners and staff. */
export const LocationUsersDialog = ({ locationId, locationTitle, onClose }: { locationId: string; locationTitle: string; onClose: () => void }) => {
  const user = useSignedInUser();
  const current = useLocationUsersQuery(locationId);
  const picker = useAssignmentUserPickerQuery();
  const [save, saveState] = useSaveLocationUsersMutation();
  const [initial, setInitial] = useState<LocationUsersForm | null>(null);
  const [form, setForm] = useState<LocationUsersForm | null>(null);
  // spec: primary owner and co-owner pickers only for administrators and company admins
  const canPickOwners = user.role === 'CompanyAdmin' || user.role === 'Administrator';

  useEffect(() => {
    if (current.data && !initial) {
      const loaded = { primaryOwnerId: current.data.PrimaryOwnerId, coOwnerIds: current.data.LocationCoownerIds, staffIds: current.data.StaffUserIds };
      setInitial(loaded);
      setForm(loaded);
    }
  }, [current.data, initial]);

  const names: Record<string, string> = Object.fromEntries((current.data?.Users ?? []).map((u) => [u.UserId, u.Name]));
  const choices = (picker.data ?? []).map((u) => ({ value: u.Id, label: `${u.FirstName} ${u.LastName}`.trim() || u.Id }));

  const submit = async () => {
    if (!initial || !form) return;
    try {
      const res = await save({ id: locationId, body: associationBody(initial, form) }).unwrap();
      toast.success(res.ResponseMessage || t.associationsSaved);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.usersTitle} onClose={onClose} style={{ width: 550, maxWidth: 'calc(100vw - 24px)' }}>
      <DialogBody>
        <p className="locus-strong">{locationTitle}</p>
        {!form ? (
          <Spinner />
        ) : (
          <>
            {canPickOwners ? (
              <>
                <FormGroup label={t.primaryOwnerPicker} labelFor="location-primary-owner">
                  <ChoiceSelect
                    id="location-primary-owner"
                    choices={[{ value: NONE, label: t.noPrimaryOwnerChoice }, ...choices]}
                    value={form.primaryOwnerId ?? NONE}
                    valueLabel={form.primaryOwnerId ? names[form.primaryOwnerId] : undefined}
                    placeholder={t.noPrimaryOwnerChoice}
                    loading={picker.isLoading}
                    onChange={(c) => setForm((f) => f && choosePrimaryOwner(f, c.value === NONE ? null : c.value))}
                  />
                </FormGroup>
                <FormGroup label={t.coOwnersPicker}>
                  <ChoiceMultiSelect
                    choices={choices.filter((c) => c.value !== form.primaryOwnerId)}
                    values={form.coOwnerIds}
                    labels={names}
                    placeholder={t.selectUsers}
                    onChange={(ids) => setForm((f) => f && chooseCoOwners(f, ids))}
                  />
                </FormGroup>
              </>
            ) : null}
            <FormGroup label={t.staffPicker}>
              <ChoiceMultiSelect
                choices={choices.filter((c) => c.value !== form.primaryOwnerId)}
                values={form.staffIds}
                labels={names}
                placeholder={t.selectUsers}
                onChange={(ids) => setForm((f) => f && chooseStaff(f, ids))}
              />
            </FormGroup>
            <div className="locus-form-section">{t.currentUsers}</div>
            {(current.data?.Users ?? []).length === 0 ? <p className="locus-muted">{t.noUsers}</p> : null}
            {(current.data?.Users ?? []).map((u) => (
              <div key={u.UserId} className="locus-location-user">
                <span>
                  {u.Name} <span className="locus-muted">{u.Email}</span>
                </span>
                <Tag minimal round>
                  {u.Badge}
                </Tag>
              </div>
            ))}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} disabled={!form} loading={saveState.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};
