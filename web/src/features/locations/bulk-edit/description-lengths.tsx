import { Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useBulkEditPreviewQuery, type BulkEditPreviewRows } from '../api/bulk-edit-api';
import { bulkTexts as t } from './constants';

/** Typing settles this long before the lengths are asked for again. */
const SETTLE_MS = 400;

/** Titles repeat across a brand's locations, so each is named with its store code. */
export const namesOf = (rows: BulkEditPreviewRows) => rows.map((r) => (r.StoreCode ? `${r.Title} (${r.StoreCode})` : r.Title)).join(', ');

/** The selected locations whose rendered description is over Google's limit (bulk edit leaves theirs unchanged). */
export const overLimit = (rows: BulkEditPreviewRows | undefined) => (rows ?? []).filter((r) => r.DescriptionOverLimit);

/** The rendered Business Description's length at every selected location, those over Google's 750 characters named. */
export function useDescriptionLengths(selected: readonly string[], description: string, active: boolean) {
  const [settled, setSettled] = useState({ selected, description });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ selected, description }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [selected, description]);
  const skip = !active || !settled.selected.length;
  return useBulkEditPreviewQuery({ SelectedLocations: [...settled.selected], ProfileDescription: settled.description }, { skip });
}

export const DescriptionLengths = ({ rows }: { rows: BulkEditPreviewRows }) => {
  const over = overLimit(rows);
  return (
    <div className="locus-bulk-lengths" data-testid="bulk-description-lengths">
      {over.length ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="bulk-description-over">
          {t.descriptionOver(namesOf(over))}
        </Callout>
      ) : null}
      <HTMLTable compact aria-label={t.descriptionLengths}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.LocationId} className={r.DescriptionOverLimit ? 'bp6-intent-danger' : undefined}>
              <td>{r.Title}</td>
              <td className="bp6-text-muted">{r.StoreCode}</td>
              <td>
                <span className={r.DescriptionOverLimit ? 'bp6-text-danger' : 'bp6-text-muted'}>{t.descriptionLength(r.DescriptionLength)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
};
