import { Tag } from '@blueprintjs/core';
import { settingsTexts as t } from '../constants';

/** A variable's name, tagged when the system generated it. */
export const VariableNameCell = ({ name, isSystemGenerated }: { name: string; isSystemGenerated: boolean }) => (
  <>
    {name}
    {isSystemGenerated ? (
      <Tag minimal className="locus-inline-tag">
        {t.systemGenerated}
      </Tag>
    ) : null}
  </>
);
