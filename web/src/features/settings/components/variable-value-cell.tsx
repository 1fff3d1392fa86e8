import { Switch, Tag } from '@blueprintjs/core';
import { settingsTexts as t } from '../constants';

export const VariableValueCell = ({
  value,
  isBoolean,
  isEncrypted,
  name,
}: {
  value: string | null;
  isBoolean: boolean;
  isEncrypted?: boolean;
  name: string;
}) =>
  isBoolean ? (
    <Switch checked={value === '1'} disabled aria-label={name} className="locus-cell-switch" />
  ) : (
    <span>
      {value ?? ''}
      {isEncrypted ? (
        <Tag minimal icon="lock" className="locus-inline-tag">
          {t.encrypted}
        </Tag>
      ) : null}
    </span>
  );
