import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { MASKED_VALUE, settingsTexts as t } from '../constants';
import { BooleanValueInput } from './boolean-value-input';

/**
 * Set Variable Value: a switch for booleans, a text input otherwise. A secret (an encrypted
 * variable with a value) is never in the browser: the field starts empty, a blank field keeps
 * the stored value and anything typed replaces it.
 */
export const SetValueDialog = ({
  variableName,
  isBoolean,
  initialValue,
  secret,
  saving,
  onSave,
  onClose,
}: {
  variableName: string;
  isBoolean: boolean;
  initialValue: string | null;
  secret?: boolean;
  saving: boolean;
  onSave: (value: string | boolean) => void;
  onClose: () => void;
}) => {
  const [text, setText] = useState(initialValue ?? '');
  const [flag, setFlag] = useState(initialValue === '1');
  useEffect(() => {
    setText(initialValue ?? '');
    setFlag(initialValue === '1');
  }, [initialValue]);
  return (
    <Dialog isOpen title={t.setVariableValue} onClose={onClose}>
      <DialogBody>
        <FormGroup label={variableName} labelFor="set-variable-value" helperText={secret ? t.leaveBlankToKeep : undefined}>
          {isBoolean ? (
            <BooleanValueInput id="set-variable-value" checked={flag} onChange={setFlag} />
          ) : (
            <InputGroup id="set-variable-value" type={secret ? 'password' : 'text'} autoComplete="off" value={text} onValueChange={setText} />
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} loading={saving} onClick={() => onSave(isBoolean ? flag : secret && text === '' ? MASKED_VALUE : text)} />
          </>
        }
      />
    </Dialog>
  );
};
