import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { HoursEditor } from '../form/hours-editor';
import { entriesForSave, hoursErrors, weekFromEntries } from '../form/hours';
import { toast } from '@web/shared/ui/toaster';
import { useUpdateRegularHoursMutation, type LocationDetails } from '../api/details-api';
import { detailsTexts as t } from './constants';

/** Edit Hours: one row per day; only open days are sent; Google may review the change. */
export const EditHoursDialog = ({ location, onClose }: { location: LocationDetails; onClose: () => void }) => {
  const [week, setWeek] = useState(() => weekFromEntries(location.LocationBusinessHours));
  const [save, state] = useUpdateRegularHoursMutation();
  const errors = hoursErrors(week);

  const submit = async () => {
    try {
      const res = await save({ id: location.Id, body: { Periods: entriesForSave(week) } }).unwrap();
      toast.success(res.ResponseMessage || t.hoursUpdated);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.hoursTitle} onClose={onClose} className="locus-dialog-wide">
      <DialogBody>
        <Callout intent="primary" icon="info-sign" className="locus-callout">
          {t.hoursReviewNote}
        </Callout>
        <HoursEditor week={week} onChange={setWeek} errors={errors} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} disabled={Object.keys(errors).length > 0} loading={state.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};
