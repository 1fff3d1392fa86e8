import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAdminVariableMutation, type AdminVariable } from '../api/settings-api';
import { settingsTexts as t } from '../constants';
import { BooleanValueInput } from './boolean-value-input';
import { variableNameProblem } from '../validation';

/** Add Variable / Edit Variable (administrator variables): name required, unique, without spaces. */
export const AdminVariableDialog = ({
  variable,
  takenNames,
  onClose,
}: {
  variable: AdminVariable | null;
  takenNames: readonly string[];
  onClose: () => void;
}) => {
  const [name, setName] = useState(variable?.VariableName ?? '');
  const [title, setTitle] = useState(variable?.Title ?? '');
  const [description, setDescription] = useState(variable?.Description ?? '');
  const [isBoolean, setIsBoolean] = useState(variable?.IsBooleanType ?? false);
  const [text, setText] = useState(variable?.VariableValue ?? '');
  const [flag, setFlag] = useState(variable?.VariableValue === '1');
  const [save, state] = useSaveAdminVariableMutation();
  const nameProblem = variableNameProblem(name, { required: t.nameRequired, noSpaces: t.nameNoSpaces, taken: t.nameTaken }, takenNames, variable?.VariableName);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (nameProblem) return;
    try {
      const res = await save({
        Id: variable?.Id ?? null,
        VariableName: name.trim(),
        Title: title.trim(),
        Description: description || null,
        IsBooleanType: isBoolean,
        VariableValue: isBoolean ? flag : text,
      }).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.saveFailed));
    }
  };

  return (
    <Dialog isOpen title={variable ? t.editVariable : t.addVariable} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup
            label={t.variableName}
            labelFor="admin-variable-name"
            labelInfo="*"
            intent={name && nameProblem ? 'danger' : 'none'}
            helperText={name ? nameProblem : undefined}
          >
            <InputGroup id="admin-variable-name" value={name} onValueChange={setName} disabled={variable?.IsSystemGenerated} />
          </FormGroup>
          <FormGroup label={t.title} labelFor="admin-variable-title">
            <InputGroup id="admin-variable-title" value={title} onValueChange={setTitle} />
          </FormGroup>
          <FormGroup label={t.description} labelFor="admin-variable-description">
            <TextArea id="admin-variable-description" fill rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          </FormGroup>
          <Checkbox checked={isBoolean} label={t.isBoolean} onChange={(e) => setIsBoolean(e.currentTarget.checked)} disabled={variable?.IsSystemGenerated} />
          <FormGroup label={t.value} labelFor="admin-variable-value">
            {isBoolean ? (
              <BooleanValueInput id="admin-variable-value" checked={flag} onChange={setFlag} />
            ) : (
              <InputGroup id="admin-variable-value" value={text} onValueChange={setText} />
            )}
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} disabled={Boolean(nameProblem)} loading={state.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
