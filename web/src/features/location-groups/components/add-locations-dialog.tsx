import { Button, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useAddGroupLocationsMutation, useGroupLocationChoicesQuery } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

/** Add locations by hand: the company's locations not in the group yet, searchable, checked one by one. */
export const AddLocationsDialog = ({ groupId, inGroup, onClose }: { groupId: string; inGroup: ReadonlySet<string>; onClose: () => void }) => {
  const { data = [], isFetching } = useGroupLocationChoicesQuery();
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [add, addState] = useAddGroupLocationsMutation();
  const term = search.trim().toLowerCase();
  const choices = useMemo(
    () => data.filter((l) => !inGroup.has(l.LocationId) && (!term || `${l.Title} ${l.StoreCode}`.toLowerCase().includes(term))),
    [data, inGroup, term],
  );

  const toggle = (id: string) =>
    setChecked((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async () => {
    try {
      const res = await add({ groupId, body: { LocationIds: [...checked] } }).unwrap();
      toast.success(res.ResponseMessage ?? t.add);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.addLocationsTitle} onClose={onClose} className="locus-dialog-wide">
      <DialogBody>
        <InputGroup leftIcon="search" placeholder={t.searchLocations} aria-label={t.searchLocations} value={search} onValueChange={setSearch} />
        <div className="locus-group-choices" role="group" aria-label={t.locations}>
          {choices.length === 0 && !isFetching ? <NonIdealState icon="map-marker" description={t.emptyLocations} /> : null}
          {choices.map((l) => (
            <Checkbox
              key={l.LocationId}
              checked={checked.has(l.LocationId)}
              onChange={() => toggle(l.LocationId)}
              labelElement={
                <span>
                  {l.Title || l.StoreCode} <span className="locus-muted">{l.StoreCode}</span>
                </span>
              }
            />
          ))}
        </div>
      </DialogBody>
      <DialogFooter
        minimal
        actions={
          <>
            <span className="locus-muted">{t.selectedCount(checked.size)}</span>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.add} disabled={checked.size === 0} loading={addState.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};
