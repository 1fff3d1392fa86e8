import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveCompanyVariableMutation, type CompanyVariable } from '../api/settings-api';
import { settingsTexts as t } from '../constants';
import { BooleanValueInput } from './boolean-value-input';
import { variableNameProblem } from '../validation';

/**
 * Manage Company Settings: create or edit a company variable. System keys cannot be renamed;
 * encryption is offered for non-boolean variables; Save is disabled while the key is empty.
 */
export const CompanyVariableDialog = ({
  variable,
  showEntityType,
  onClose,
}: {
  variable: CompanyVariable | null;
  showEntityType: boolean;
  onClose: () => void;
}) => {
  const [name, setName] = useState(variable?.VariableName ?? '');
  const [title, setTitle] = useState(variable?.Title ?? '');
  const [description, setDescription] = useState(variable?.Description ?? '');
  const [isBoolean, setIsBoolean] = useState(variable ? variable.IsBooleanType || variable.IsBoolean : false);
  const [encrypted, setEncrypted] = useState(variable?.IsEncrypted ?? false);
  const [entityType, setEntityType] = useState(variable?.EntityType ?? '');
  const [text, setText] = useState('');
  const [flag, setFlag] = useState(false);
  const [save, state] = useSaveCompanyVariableMutation();
  const nameProblem = variableNameProblem(name, { required: t.keyRequired, noSpaces: t.nameNoSpaces, taken: t.nameTaken });

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
        IsEncrypted: !isBoolean && encrypted,
        ...(showEntityType ? { EntityType: entityType.trim() || null } : {}),
        ...(variable ? {} : { VariableValue: isBoolean ? flag : text }),
      }).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.saveFailed));
    }
  };

  return (
    <Dialog isOpen title={t.manageCompanySettings} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup
            label={t.key}
            labelFor="company-variable-key"
            labelInfo="*"
            intent={name && nameProblem ? 'danger' : 'none'}
            helperText={name ? nameProblem : undefined}
          >
            <InputGroup id="company-variable-key" value={name} onValueChange={setName} disabled={variable?.IsSystemGenerated} />
          </FormGroup>
          <FormGroup label={t.title} labelFor="company-variable-title">
            <InputGroup id="company-variable-title" value={title} onValueChange={setTitle} />
          </FormGroup>
          <FormGroup label={t.description} labelFor="company-variable-description">
            <TextArea id="company-variable-description" fill rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          </FormGroup>
          <Checkbox checked={isBoolean} label={t.isBoolean} onChange={(e) => setIsBoolean(e.currentTarget.checked)} disabled={variable?.IsSystemGenerated} />
          {isBoolean ? null : <Checkbox checked={encrypted} label={t.encrypt} onChange={(e) => setEncrypted(e.currentTarget.checked)} />}
          {showEntityType ? (
            <FormGroup label={t.entityType} labelFor="company-variable-entity">
              <InputGroup id="company-variable-entity" value={entityType} onValueChange={setEntityType} />
            </FormGroup>
          ) : null}
          {variable ? null : (
            <FormGroup label={t.value} labelFor="company-variable-value">
              {isBoolean ? (
                <BooleanValueInput id="company-variable-value" checked={flag} onChange={setFlag} />
              ) : (
                <InputGroup id="company-variable-value" type={encrypted ? 'password' : 'text'} value={text} onValueChange={setText} />
              )}
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} disabled={!name.trim()} loading={state.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
