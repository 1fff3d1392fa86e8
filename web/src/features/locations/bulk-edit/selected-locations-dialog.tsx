import { Button, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useSampleLocationQuery, type BulkLocationItem } from '../api/bulk-edit-api';
import { renderedSample, type BulkEditForm } from './bulk-edit-form';
import { bulkTexts as t } from './constants';
import { SampleValues as RenderedValues } from './sample-values';

const SampleValues = ({ id, form }: { id: string; form: BulkEditForm }) => {
  const { data } = useSampleLocationQuery(id);
  if (!data) return <span className="bp6-skeleton">loading</span>;
  return (
    <>
      {data.ThumbnailUrl ? <img src={data.ThumbnailUrl} alt={`${data.Title} logo`} width={100} /> : null}
      <RenderedValues values={renderedSample(form, data)} />
    </>
  );
};

/** Every selected location (spec: Expand All, Collapse All, per-row expansion with sample values and the logo). */
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
              <th>Store</th>
              <th>Title</th>
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
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
};
