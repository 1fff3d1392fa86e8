import { Switch } from '@blueprintjs/core';
import { settingsTexts as t } from '../constants';

/** A boolean variable's value in a dialog: a switch that says what it is set to (Yes / No). */
export const BooleanValueInput = ({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <Switch id={id} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} label={checked ? t.booleanOn : t.booleanOff} />
);
