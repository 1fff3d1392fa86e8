import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { SaveAdminVariableBodySchema, SaveCompanyVariableBodySchema, type SaveCompanyVariableBody } from '@locus/contracts';
import type { z } from 'zod';
import { CheckboxField, SwitchField, TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAdminVariableMutation, useSaveCompanyVariableMutation, type AdminVariable, type CompanyVariable } from '../api/settings-api';
import { settingsTexts as t } from '../constants';
import { variableNameTaken } from '../validation';

/** Administrator variables (global) or one company's variables: the same fields, a few more for a company. */
export type VariableDialogScope =
  | { kind: 'admin'; variable: AdminVariable | null; takenNames: readonly string[] }
  | { kind: 'company'; variable: CompanyVariable | null; showEntityType: boolean };

/*
 * Both routes' bodies share the name, title, description, boolean and value rules; the company's
 * adds encryption and the entity type, so its schema types the form and each scope validates with
 * its own route's schema (the admin one drops the company-only fields).
 */
const bodySchemaOf = (kind: VariableDialogScope['kind']): z.ZodType<z.output<typeof SaveCompanyVariableBodySchema>, SaveCompanyVariableBody> =>
  kind === 'admin' ? SaveAdminVariableBodySchema : SaveCompanyVariableBodySchema;

const defaultsOf = (scope: VariableDialogScope): SaveCompanyVariableBody => {
  const v = scope.variable;
  const isBoolean = scope.kind === 'company' && scope.variable ? scope.variable.IsBooleanType || scope.variable.IsBoolean : (v?.IsBooleanType ?? false);
  // A company variable's value is set from its row once it exists; an admin variable's value is edited here.
  const value = scope.kind === 'admin' ? (scope.variable?.VariableValue ?? '') : '';
  return {
    Id: v?.Id ?? null,
    VariableName: v?.VariableName ?? '',
    Title: v?.Title ?? '',
    Description: v?.Description ?? '',
    IsBooleanType: isBoolean,
    VariableValue: isBoolean ? value === '1' : value,
    IsEncrypted: scope.kind === 'company' ? (scope.variable?.IsEncrypted ?? false) : false,
    EntityType: scope.kind === 'company' ? (scope.variable?.EntityType ?? '') : null,
  };
};

/**
 * Add Variable / Edit Variable (administrator) and Manage Company Settings (company): the key is
 * checked by the route's schema (required, no spaces); an administrator variable's name must also be
 * free. System keys cannot be renamed nor change type; encryption is offered for non-boolean
 * company variables; Save is disabled while the key is empty.
 */
export const VariableDialog = ({ scope, onClose }: { scope: VariableDialogScope; onClose: () => void }) => {
  const form = useContractForm(bodySchemaOf(scope.kind), defaultsOf(scope));
  const { control, watch, setValue, handleSubmit } = form;
  const [saveAdmin, adminState] = useSaveAdminVariableMutation();
  const [saveCompany, companyState] = useSaveCompanyVariableMutation();
  const variable = scope.variable;
  const prefix = scope.kind === 'admin' ? 'admin-variable' : 'company-variable';
  const name = watch('VariableName');
  const isBoolean = watch('IsBooleanType') === true;
  const encrypted = watch('IsEncrypted') === true;
  const nameTaken = scope.kind === 'admin' && variableNameTaken(name, scope.takenNames, scope.variable?.VariableName);
  const showsValue = scope.kind === 'admin' || !variable;

  const changeType = (toBoolean: boolean) => {
    setValue('VariableValue', toBoolean ? false : '');
    if (toBoolean) setValue('IsEncrypted', false);
  };

  const submit = handleSubmit(async (values) => {
    if (nameTaken) return;
    const common = { ...values, Description: values.Description || null };
    try {
      const res =
        scope.kind === 'admin'
          ? await saveAdmin(common).unwrap()
          : await saveCompany({
              ...common,
              EntityType: scope.showEntityType ? values.EntityType || null : undefined,
              VariableValue: variable ? undefined : values.VariableValue,
            }).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.saveFailed));
    }
  });

  const title = scope.kind === 'company' ? t.manageCompanySettings : variable ? t.editVariable : t.addVariable;
  return (
    <Dialog isOpen title={title} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField
            control={control}
            name="VariableName"
            id={scope.kind === 'admin' ? 'admin-variable-name' : 'company-variable-key'}
            label={scope.kind === 'admin' ? t.variableName : t.key}
            required
            disabled={variable?.IsSystemGenerated}
            error={nameTaken ? t.nameTaken : undefined}
          />
          <TextField control={control} name="Title" id={`${prefix}-title`} label={t.title} />
          <TextAreaField control={control} name="Description" id={`${prefix}-description`} label={t.description} />
          <CheckboxField control={control} name="IsBooleanType" label={t.isBoolean} disabled={variable?.IsSystemGenerated} onChecked={changeType} />
          {scope.kind === 'company' && !isBoolean ? <CheckboxField control={control} name="IsEncrypted" label={t.encrypt} /> : null}
          {scope.kind === 'company' && scope.showEntityType ? (
            <TextField control={control} name="EntityType" id={`${prefix}-entity`} label={t.entityType} />
          ) : null}
          {showsValue && isBoolean ? (
            <SwitchField control={control} name="VariableValue" id={`${prefix}-value`} label={t.value} stateLabels={{ on: t.booleanOn, off: t.booleanOff }} />
          ) : null}
          {showsValue && !isBoolean ? (
            <TextField control={control} name="VariableValue" id={`${prefix}-value`} label={t.value} type={encrypted ? 'password' : 'text'} />
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t.save}
                disabled={!name.trim() || nameTaken}
                loading={adminState.isLoading || companyState.isLoading}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
