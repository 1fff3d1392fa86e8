import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { LocationGroupNameBodySchema } from '@locus/contracts';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateLocationGroupMutation, useRenameLocationGroupMutation, type LocationGroupSummary } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

/** Create a group, or rename one: the name is checked with the route's own schema, the server's field errors shown on it. */
export const GroupNameDialog = ({
  group,
  onClose,
  onCreated,
}: {
  group: LocationGroupSummary | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) => {
  const [name, setName] = useState(group?.Name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [create, createState] = useCreateLocationGroupMutation();
  const [rename, renameState] = useRenameLocationGroupMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = LocationGroupNameBodySchema.safeParse({ Name: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      if (group) {
        const res = await rename({ groupId: group.Id, body: parsed.data }).unwrap();
        toast.success(res.ResponseMessage || t.renamed);
      } else {
        const res = await create(parsed.data).unwrap();
        toast.success(res.ResponseMessage || t.created);
        onCreated?.(res.Data.Id);
      }
      onClose();
    } catch (err) {
      const onName = fieldErrorsOf(err).Name;
      if (onName) setError(onName);
      else toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={group ? t.renameTitle : t.createTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup label={t.name} labelFor="group-name" labelInfo="*" intent={error ? 'danger' : 'none'} helperText={error}>
            <InputGroup
              id="group-name"
              autoFocus
              value={name}
              placeholder={t.namePlaceholder}
              intent={error ? 'danger' : 'none'}
              onValueChange={(v) => {
                setName(v);
                setError(undefined);
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={createState.isLoading || renameState.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
