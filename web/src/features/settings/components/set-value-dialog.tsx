import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { settingsTexts as t } from '../constants';

/** Set Variable Value: a checkbox for booleans, a text input otherwise. */
export const SetValueDialog = ({
  variableName,
  isBoolean,
  initialValue,
  loadingValue,
  saving,
  onSave,
  onClose,
}: {
  variableName: string;
  isBoolean: boolean;
  initialValue: string | null;
  loadingValue?: boolean;
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
        <FormGroup label={variableName} labelFor="set-variable-value">
          {loadingValue ? (
            <Spinner size={SpinnerSize.SMALL} />
          ) : isBoolean ? (
            <Checkbox id="set-variable-value" checked={flag} onChange={(e) => setFlag(e.currentTarget.checked)} label={t.value} />
          ) : (
            <InputGroup id="set-variable-value" value={text} onValueChange={setText} />
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} loading={saving} disabled={loadingValue} onClick={() => onSave(isBoolean ? flag : text)} />
          </>
        }
      />
    </Dialog>
  );
};
