import { Checkbox } from '@blueprintjs/core';
import { googleChangesTexts as t } from './constants';

/** The directory filter "Google changes only". */
export const GoogleChangedFilter = ({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) => (
  <Checkbox className="locus-filter-google-changed" label={t.filter} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
);
