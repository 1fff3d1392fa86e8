import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FeatureSlot } from '@web/app/feature-slots';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { useCreatableAccountsQuery, useUsStatesQuery } from '../api/locations-api';
import { stateChoices } from '../form/choices';
import { locationTexts as t } from './constants';
import { HealthFilters } from '../health/health-cells';
import type { DirectoryFilters } from './directory-request';
import { GoogleChangedFilter } from '../google-changes/google-changed-filter';

const STATUSES = ['Published', 'Unpublished', 'ClosedTemporarily', 'ClosedPermanently'] as const;

/** A search box that reports its text once typing settles. */
const SettledInput = ({
  value,
  label,
  placeholder,
  onSettled,
  width,
}: {
  value: string;
  label: string;
  placeholder: string;
  onSettled: (v: string) => void;
  width: string;
}) => {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled !== value) onSettled(settled);
    // only a settled change is reported (value and onSettled change with every keystroke upstream)
  }, [settled]);
  return <InputGroup leftIcon="search" placeholder={placeholder} aria-label={label} value={text} onValueChange={setText} className={`locus-filter ${width}`} />;
};

/**
 * The directory's filters: status, state, connected account (unless the page
 * is one account's), and the city and ZIP each searched on its own field.
 */
export const DirectoryFilterBar = ({
  filters,
  onChange,
  showAccount,
}: {
  filters: DirectoryFilters;
  onChange: (change: Partial<DirectoryFilters>) => void;
  showAccount: boolean;
}) => {
  const states = useUsStatesQuery();
  const accounts = useCreatableAccountsQuery(undefined, { skip: !showAccount });
  return (
    <div className="locus-directory-filters" role="group" aria-label={t.filters.title}>
      <HTMLSelect
        aria-label={t.filters.status}
        value={filters.Status}
        onChange={(e) => onChange({ Status: e.currentTarget.value as DirectoryFilters['Status'] })}
        options={[{ value: '', label: t.filters.anyStatus }, ...STATUSES.map((s) => ({ value: s, label: t.status[s] ?? s }))]}
      />
      <HTMLSelect
        aria-label={t.filters.state}
        value={filters.State}
        onChange={(e) => onChange({ State: e.currentTarget.value })}
        options={[{ value: '', label: t.filters.anyState }, ...stateChoices(states.data)]}
      />
      {showAccount ? (
        <HTMLSelect
          aria-label={t.filters.account}
          value={filters.AccountId}
          onChange={(e) => onChange({ AccountId: e.currentTarget.value })}
          options={[{ value: '', label: t.filters.anyAccount }, ...(accounts.data ?? []).map((a) => ({ value: a.Id, label: a.AccountName }))]}
        />
      ) : null}
      <FeatureSlot name="locationGroupFilter" value={filters.GroupId} onChange={(GroupId) => onChange({ GroupId })} />
      <HealthFilters
        completenessBelow={filters.CompletenessBelow}
        verification={filters.Verification}
        onChange={(change) => onChange(change as Partial<DirectoryFilters>)}
      />
      <SettledInput
        value={filters.City}
        label={t.filters.city}
        placeholder={t.filters.cityPlaceholder}
        onSettled={(City) => onChange({ City })}
        width="locus-filter-city"
      />
      <SettledInput
        value={filters.Zip}
        label={t.filters.zip}
        placeholder={t.filters.zipPlaceholder}
        onSettled={(Zip) => onChange({ Zip })}
        width="locus-filter-zip"
      />
      <GoogleChangedFilter checked={filters.GoogleChanged} onChange={(GoogleChanged) => onChange({ GoogleChanged })} />
    </div>
  );
};
