import { HTMLSelect } from '@blueprintjs/core';
import { useEffect } from 'react';
import { toast } from '@web/shared/ui/toaster';
import { useLocalezeCategoriesQuery } from '../../api/content-api';
import { sectionTexts as t } from './constants';

type Category = { Id: string; Name: string };

/** Adds one of Localeze's categories (GET /api/localeze/categories); a failed fetch says so once. */
export function LocalezeCategoryPicker({ selected, onAdd }: { selected: Category[]; onAdd: (c: Category) => void }) {
  const { data, isError, isFetching } = useLocalezeCategoriesQuery();
  useEffect(() => {
    if (isError) toast.error(t.categoriesFailed);
  }, [isError]);
  const taken = new Set(selected.map((c) => c.Id));
  const choices = (data ?? []).filter((c) => !taken.has(c.Id));
  return (
    <HTMLSelect
      aria-label="Add a Localeze category"
      value=""
      disabled={isFetching || choices.length === 0}
      onChange={(e) => {
        const chosen = choices.find((c) => c.Id === e.currentTarget.value);
        if (chosen) onAdd(chosen);
      }}
    >
      <option value="">{isFetching ? 'Loading Localeze categories...' : '- Add a Localeze category -'}</option>
      {choices.map((c) => (
        <option key={c.Id} value={c.Id}>
          {c.Name}
        </option>
      ))}
    </HTMLSelect>
  );
}
