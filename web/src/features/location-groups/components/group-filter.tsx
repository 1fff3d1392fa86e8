import { HTMLSelect } from '@blueprintjs/core';
import { useSignedInUser } from '@web/shared/session/session-context';
import { useLocationGroupsQuery } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

/**
 * The "Location group" filter other screens show (directory, dashboard, reviews, pickers) through
 * the `locationGroupFilter` slot: for those who read groups (company admins and the auditor), and
 * only once the company has a group.
 */
export const GroupFilter = ({ value, onChange }: { value: string; onChange: (groupId: string) => void }) => {
  const user = useSignedInUser();
  const reads = user.role === 'CompanyAdmin' || user.role === 'CompanyAuditor';
  const { data = [] } = useLocationGroupsQuery(undefined, { skip: !reads });
  if (!reads || (data.length === 0 && !value)) return null;
  return (
    <HTMLSelect
      aria-label={t.groupFilter}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={[{ value: '', label: t.anyGroup }, ...data.map((g) => ({ value: g.Id, label: g.Name }))]}
    />
  );
};
