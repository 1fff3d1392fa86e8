import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useAddMatchingGroupLocationsMutation, useGroupStatesQuery, useMatchingCountQuery, type MatchingFilter } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

const STATUSES = ['Published', 'Unpublished', 'ClosedTemporarily', 'ClosedPermanently'] as const;
type Status = (typeof STATUSES)[number];

/**
 * Add every location the directory's filters match (search box, status, state, city, ZIP): the
 * count is the directory's own, and the server adds by the same filter.
 */
export const AddMatchingDialog = ({ companyId, groupId, onClose }: { companyId: string; groupId: string; onClose: () => void }) => {
  const [form, setForm] = useState({ globalFilter: '', Status: '' as Status | '', State: '', City: '', Zip: '' });
  const settled = useDebouncedValue(form);
  const filter: MatchingFilter = {
    globalFilter: settled.globalFilter.trim(),
    ...(settled.Status ? { Status: settled.Status } : {}),
    ...(settled.State ? { State: settled.State } : {}),
    ...(settled.City.trim() ? { City: settled.City.trim() } : {}),
    ...(settled.Zip.trim() ? { Zip: settled.Zip.trim() } : {}),
  };
  const states = useGroupStatesQuery();
  const count = useMatchingCountQuery({ companyId, filter });
  const [addMatching, addState] = useAddMatchingGroupLocationsMutation();
  const matched = count.data ?? 0;

  const submit = async () => {
    try {
      const res = await addMatching({ groupId, body: filter }).unwrap();
      toast.success(res.ResponseMessage ?? t.add);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const set = (change: Partial<typeof form>) => setForm((f) => ({ ...f, ...change }));
  return (
    <Dialog isOpen title={t.addMatchingTitle} onClose={onClose} className="locus-dialog-wide">
      <DialogBody>
        <div className="locus-form-grid">
          <FormGroup label={t.filter.search} labelFor="match-search" className="locus-form-cell">
            <InputGroup id="match-search" leftIcon="search" value={form.globalFilter} onValueChange={(v) => set({ globalFilter: v })} />
          </FormGroup>
          <FormGroup label={t.filter.status} labelFor="match-status" className="locus-form-cell">
            <HTMLSelect
              id="match-status"
              fill
              value={form.Status}
              onChange={(e) => set({ Status: e.currentTarget.value as Status | '' })}
              options={[{ value: '', label: t.filter.anyStatus }, ...STATUSES.map((s) => ({ value: s, label: t.status[s] }))]}
            />
          </FormGroup>
          <FormGroup label={t.filter.state} labelFor="match-state" className="locus-form-cell">
            <HTMLSelect
              id="match-state"
              fill
              value={form.State}
              onChange={(e) => set({ State: e.currentTarget.value })}
              options={[{ value: '', label: t.filter.anyState }, ...(states.data ?? []).map((s) => ({ value: s.StateCode, label: s.Name }))]}
            />
          </FormGroup>
          <FormGroup label={t.filter.city} labelFor="match-city" className="locus-form-cell">
            <InputGroup id="match-city" value={form.City} onValueChange={(v) => set({ City: v })} />
          </FormGroup>
          <FormGroup label={t.filter.zip} labelFor="match-zip" className="locus-form-cell">
            <InputGroup id="match-zip" value={form.Zip} onValueChange={(v) => set({ Zip: v })} />
          </FormGroup>
        </div>
        {count.error ? (
          <Callout intent="danger">{failureMessage(count.error, t.genericFailure)}</Callout>
        ) : (
          <Callout intent="primary" icon="filter" aria-live="polite">
            {t.matchingCount(matched)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button
              intent="primary"
              text={t.addAllMatching(matched)}
              disabled={matched === 0 || count.isFetching || Boolean(count.error)}
              loading={addState.isLoading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
