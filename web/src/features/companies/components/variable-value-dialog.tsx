import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Switch, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { companyTexts as t } from '../constants';

/** Edit Variable: a switch for boolean variables, a textarea otherwise. */
export const VariableValueDialog = ({
  title,
  variableName,
  isBoolean,
  initialValue,
  saving,
  onSave,
  onClose,
}: {
  title: string;
  variableName: string;
  isBoolean: boolean;
  initialValue: string | null;
  saving: boolean;
  onSave: (value: string | boolean) => void;
  onClose: () => void;
}) => {
  const [text, setText] = useState(initialValue ?? '');
  const [flag, setFlag] = useState(initialValue === '1');
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <DialogBody>
        <FormGroup label={variableName} labelFor="variable-value">
          {isBoolean ? (
            <Switch id="variable-value" checked={flag} onChange={(e) => setFlag(e.currentTarget.checked)} label={flag ? 'On' : 'Off'} />
          ) : (
            <TextArea id="variable-value" fill rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} loading={saving} onClick={() => onSave(isBoolean ? flag : text)} />
          </>
        }
      />
    </Dialog>
  );
};
