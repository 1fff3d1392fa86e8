import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { createStaffRoute } from '@locus/contracts';
import { TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateStaffMutation, useUpdateStaffMutation, type Staff } from '../api/staff-api';
import { staffTexts as t } from '../constants';

type StaffField = 'FirstName' | 'LastName' | 'Email' | 'PhoneNumber';

/** Add or edit a staff member, checked by the route's schema (create and update share it). */
export const StaffDialog = ({ companyId, staff, onClose }: { companyId: string; staff: Staff | null; onClose: () => void }) => {
  const form = useContractForm(createStaffRoute, {
    FirstName: staff?.FirstName ?? '',
    LastName: staff?.LastName ?? '',
    Email: staff?.Email ?? '',
    PhoneNumber: staff?.PhoneNumber ?? '',
  });
  const { control, handleSubmit } = form;
  const [create, createState] = useCreateStaffMutation();
  const [update, updateState] = useUpdateStaffMutation();

  const submit = handleSubmit(async (values) => {
    const body = { ...values, LastName: values.LastName || null, PhoneNumber: values.PhoneNumber || null };
    try {
      const res = staff ? await update({ companyId, staffId: staff.Id, body }).unwrap() : await create({ companyId, body }).unwrap();
      toast.success(res.ResponseMessage || (staff ? t.updated : t.created));
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  const field = (name: StaffField, label: string, type = 'text', required = false) => (
    <TextField control={control} name={name} id={`staff-${name}`} label={label} type={type} required={required} className="locus-form-cell" />
  );

  return (
    <Dialog isOpen title={staff ? t.updateTitle : t.createTitle} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <div className="locus-form-grid">
            {field('FirstName', t.firstName, 'text', true)}
            {field('LastName', t.lastName)}
            {field('Email', t.email, 'email', true)}
            {field('PhoneNumber', t.phone, 'tel')}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={createState.isLoading || updateState.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
