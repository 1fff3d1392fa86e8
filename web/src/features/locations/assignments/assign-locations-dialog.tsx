import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage, responseMessage } from '@web/shared/lib/envelope';
import { ChoiceSelect } from '../form/pickers';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { toast } from '@web/shared/ui/toaster';
import { useAssignableLocationsQuery, useAssignLocationMutation, useLazyPrimaryOwnerQuery, type PrimaryOwnerAnswer } from '../api/assignments-api';
import {
  assignBody,
  canAssign,
  emptyAssignForm,
  needsOverwriteConfirmation,
  overwriteQuestion,
  setCoOwner,
  setPrimaryOwner,
  setRole,
  showsOwnerChoices,
  type AssignForm,
  type LocationRole,
} from './assignment-rules';
import { assignmentTexts as t } from './constants';

/** Assign Locations: location, role, Primary Owner / Co-Owner; overwrite confirmation for a new primary owner. */
export const AssignLocationsDialog = ({ userId, onClose }: { userId: string; onClose: () => void }) => {
  const user = useSignedInUser();
  const [form, setForm] = useState<AssignForm>(emptyAssignForm);
  const [owner, setOwner] = useState<PrimaryOwnerAnswer | null>(null);
  const locations = useAssignableLocationsQuery();
  const [fetchOwner, ownerState] = useLazyPrimaryOwnerQuery();
  const [assign, assignState] = useAssignLocationMutation();
  const { confirm } = useConfirm();
  // spec: the role field shows only for administrators or company admins
  const showRole = user.role === 'CompanyAdmin' || user.role === 'Administrator';

  const chooseLocation = async (locationId: string) => {
    setForm((f) => ({ ...f, locationId }));
    setOwner(null);
    try {
      setOwner(await fetchOwner(locationId, false).unwrap());
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const submit = async () => {
    if (!canAssign(form)) return;
    if (needsOverwriteConfirmation(form, owner?.Data, userId) && !(await confirm(overwriteQuestion(owner?.ResponseMessage ?? '')))) return;
    try {
      const res = await assign(assignBody(userId, form)).unwrap();
      toast.success(res.ResponseMessage || t.assigned);
      onClose();
    } catch (err) {
      toast.error(responseMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.assignTitle} onClose={onClose}>
      <DialogBody>
        <FormGroup label={t.location} labelFor="assign-location" labelInfo="*" helperText={ownerState.isFetching ? t.checkingOwner : owner?.ResponseMessage}>
          <ChoiceSelect
            id="assign-location"
            choices={(locations.data ?? []).map((l) => ({ value: l.LocationId, label: l.StoreCode ? `${l.Title} (${l.StoreCode})` : l.Title }))}
            value={form.locationId}
            loading={locations.isLoading}
            placeholder={t.locationPlaceholder}
            filterPlaceholder={t.filterLocations}
            noResults={t.empty}
            onChange={(c) => void chooseLocation(c.value)}
          />
        </FormGroup>
        {showRole ? (
          <FormGroup label={t.role} labelFor="assign-role">
            <HTMLSelect
              id="assign-role"
              fill
              value={form.role}
              onChange={(e) => setForm((f) => setRole(f, e.currentTarget.value as LocationRole))}
              options={[
                { value: 'LocationOwner', label: t.roles.LocationOwner },
                { value: 'LocationUser', label: t.roles.LocationUser },
              ]}
            />
          </FormGroup>
        ) : null}
        {showsOwnerChoices(form) ? (
          <div className="locus-assign-owner">
            <Checkbox
              inline
              label={t.primaryOwner}
              checked={form.isPrimaryOwner}
              onChange={(e) => {
                const c = e.currentTarget.checked;
                setForm((f) => setPrimaryOwner(f, c));
              }}
            />
            <Checkbox
              inline
              label={t.coOwner}
              checked={form.isCoOwner}
              onChange={(e) => {
                const c = e.currentTarget.checked;
                setForm((f) => setCoOwner(f, c));
              }}
            />
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button
              intent="primary"
              text={t.assignLocation}
              disabled={!canAssign(form) || ownerState.isFetching}
              loading={assignState.isLoading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
