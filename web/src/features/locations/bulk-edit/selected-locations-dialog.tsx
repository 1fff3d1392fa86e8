import { Button, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useSampleLocationQuery, type BulkLocationItem } from '../api/bulk-edit-api';
import { oneLineAddress } from '@locus/contracts';
import { renderedSample, type BulkEditForm, type SampleValue } from './bulk-edit-form';
import { bulkTexts as t } from './constants';
import { SampleValues as RenderedValues } from './sample-values';

/** A location's current values (what the sample shows of it), then what this bulk edit would set there. */
const SampleValues = ({ id, form }: { id: string; form: BulkEditForm }) => {
  const { data } = useSampleLocationQuery(id);
  if (!data) return <span className="bp6-skeleton">loading</span>;
  const current: SampleValue[] = [
    { label: t.sampleBusinessName, value: data.Title },
    { label: t.sampleStoreCode, value: data.StoreCode },
    { label: t.samplePhone, value: data.PrimaryPhoneNumber ?? '' },
    { label: t.sampleAddress, value: oneLineAddress(data) },
    { label: t.sampleWebsite, value: data.Website ?? '' },
    { label: t.samplePrimaryCategory, value: data.PrimaryCategory?.DisplayName ?? '' },
    { label: t.sampleDescription, value: data.ProfileDescription ?? '' },
  ];
  const changes = renderedSample(form, data);
  return (
    <div className="locus-bulk-selected-sample" data-testid={`selected-sample-${id}`}>
      {data.ThumbnailUrl ? <img src={data.ThumbnailUrl} alt={`${data.Title} logo`} width={100} /> : null}
      <h6 className="bp6-heading">{t.sampleCurrent}</h6>
      <RenderedValues values={current} />
      {changes.length ? (
        <>
          <h6 className="bp6-heading">{t.sampleAfter}</h6>
          <RenderedValues values={changes} />
        </>
      ) : null}
    </div>
  );
};

/** Every selected location (spec: Expand All, Collapse All, per-row expansion with the location's values, what this edit would set there, and the logo). */
export const SelectedLocationsDialog = ({ items, form, onClose }: { items: readonly BulkLocationItem[]; form: BulkEditForm; onClose: () => void }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  return (
    <Dialog isOpen title={t.selectedDialogTitle} onClose={onClose} className="locus-bulk-selected-dialog">
      <DialogBody>
        <div className="locus-bulk-selected-actions">
          <Button text={t.expandAll} onClick={() => setOpen(new Set(items.map((i) => i.LocationId)))} />
          <Button text={t.collapseAll} onClick={() => setOpen(new Set())} />
        </div>
        <HTMLTable compact striped className="locus-bulk-selected-table">
          <thead>
            <tr>
              <th />
              <th>{t.sampleStoreCode}</th>
              <th>{t.sampleTitleColumn}</th>
              <th>{t.sampleAddress}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.LocationId}>
                <td>
                  <Button
                    minimal
                    small
                    icon={open.has(item.LocationId) ? 'chevron-down' : 'chevron-right'}
                    aria-label={`${open.has(item.LocationId) ? 'Collapse' : 'Expand'} ${item.Title}`}
                    onClick={() => toggle(item.LocationId)}
                  />
                </td>
                <td>{item.StoreCode}</td>
                <td>
                  {item.Title}
                  {open.has(item.LocationId) ? <SampleValues id={item.LocationId} form={form} /> : null}
                </td>
                <td>{item.Address}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
};
