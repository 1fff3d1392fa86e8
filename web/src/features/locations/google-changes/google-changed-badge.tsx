import { Tag } from '@blueprintjs/core';
import { googleChangesTexts as t } from './constants';

/** "Google changed N fields" on a directory row; nothing when Google changed none. */
export const GoogleChangedBadge = ({ fields }: { fields: readonly string[] }) =>
  fields.length ? (
    <Tag minimal intent="warning" icon="globe" className="locus-google-changed" title={fields.join(', ')} data-testid="google-changed-badge">
      {t.badge(fields.length)}
    </Tag>
  ) : null;
