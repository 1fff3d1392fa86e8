import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { GROUP_ACCESS_LEVELS, type GroupAccess } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useAssignGroupUserMutation, useGroupUserChoicesQuery } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

/** Assign a company user to the group as owner or staff member. */
export const AssignUserDialog = ({ groupId, assigned, onClose }: { groupId: string; assigned: ReadonlySet<string>; onClose: () => void }) => {
  const { data = [] } = useGroupUserChoicesQuery();
  const choices = data.filter((u) => !assigned.has(u.Id));
  const [userId, setUserId] = useState('');
  const [access, setAccess] = useState<GroupAccess>('staff');
  const [assign, assignState] = useAssignGroupUserMutation();

  const submit = async () => {
    try {
      const res = await assign({ groupId, body: { UserId: userId, Access: access } }).unwrap();
      toast.success(res.ResponseMessage ?? t.userAssigned);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.assignUserTitle} onClose={onClose}>
      <DialogBody>
        <FormGroup label={t.user} labelFor="group-user" labelInfo="*">
          <HTMLSelect
            id="group-user"
            fill
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            options={[{ value: '', label: t.chooseUser }, ...choices.map((u) => ({ value: u.Id, label: `${u.FirstName} ${u.LastName}`.trim() }))]}
          />
        </FormGroup>
        <RadioGroup
          label={t.access}
          inline
          selectedValue={access}
          onChange={(e) => setAccess(e.currentTarget.value as GroupAccess)}
          options={GROUP_ACCESS_LEVELS.map((a) => ({ value: a, label: t.accessLabels[a] }))}
        />
        <p className="locus-muted">{t.accessHelp}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.assignUser} disabled={!userId} loading={assignState.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};
