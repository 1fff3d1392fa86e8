import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { GroupMatchingFilterBodySchema, OpenStatusSchema } from '@locus/contracts';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useAddMatchingGroupLocationsMutation, useGroupStatesQuery, useMatchingCountQuery } from '../api/location-groups-api';
import { groupTexts as t } from '../constants';

/** The route's filter, with "any status" as the select's empty choice. */
const MatchingFormSchema = GroupMatchingFilterBodySchema.extend({
  Status: z.union([z.literal(''), OpenStatusSchema]).transform((s) => s || undefined),
});
type MatchingForm = z.input<typeof MatchingFormSchema>;
const EMPTY: MatchingForm = { globalFilter: '', Status: '', State: '', City: '', Zip: '' };

/**
 * Add every location the directory's filters match (search box, status, state, city, ZIP): the
 * count is the directory's own, and the server adds by the same filter.
 */
export const AddMatchingDialog = ({ companyId, groupId, onClose }: { companyId: string; groupId: string; onClose: () => void }) => {
  const form = useContractForm(MatchingFormSchema, EMPTY, { showErrors: 'as-typed' });
  const { control, handleSubmit } = form;
  const settled = MatchingFormSchema.safeParse(useDebouncedValue(useWatch({ control })));
  const states = useGroupStatesQuery();
  // a filter the schema refuses is shown on its field and counted by no one
  const count = useMatchingCountQuery({ companyId, filter: settled.data ?? {} }, { skip: !settled.success });
  const [addMatching, addState] = useAddMatchingGroupLocationsMutation();
  const matched = settled.success ? (count.data ?? 0) : 0;

  const submit = handleSubmit(async (body) => {
    try {
      const res = await addMatching({ groupId, body }).unwrap();
      toast.success(res.ResponseMessage ?? t.add);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  const statuses = [{ value: '', label: t.filter.anyStatus }, ...OpenStatusSchema.options.map((s) => ({ value: s, label: t.status[s] }))];
  const stateOptions = [{ value: '', label: t.filter.anyState }, ...(states.data ?? []).map((s) => ({ value: s.StateCode, label: s.Name }))];
  return (
    <Dialog isOpen title={t.addMatchingTitle} onClose={onClose} className="locus-dialog-wide">
      <DialogBody>
        <div className="locus-form-grid">
          <TextField control={control} name="globalFilter" id="match-search" label={t.filter.search} leftIcon="search" className="locus-form-cell" />
          <SelectField control={control} name="Status" id="match-status" label={t.filter.status} options={statuses} className="locus-form-cell" />
          <SelectField control={control} name="State" id="match-state" label={t.filter.state} options={stateOptions} className="locus-form-cell" />
          <TextField control={control} name="City" id="match-city" label={t.filter.city} className="locus-form-cell" />
          <TextField control={control} name="Zip" id="match-zip" label={t.filter.zip} className="locus-form-cell" />
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
