import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateStaffMutation, useUpdateStaffMutation, type Staff } from '../api/staff-api';
import { staffTexts as t } from '../constants';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const StaffDialog = ({ companyId, staff, onClose }: { companyId: string; staff: Staff | null; onClose: () => void }) => {
  const [form, setForm] = useState({
    FirstName: staff?.FirstName ?? '',
    LastName: staff?.LastName ?? '',
    Email: staff?.Email ?? '',
    PhoneNumber: staff?.PhoneNumber ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [create, createState] = useCreateStaffMutation();
  const [update, updateState] = useUpdateStaffMutation();
  const errors = {
    FirstName: form.FirstName.trim() ? undefined : t.firstNameRequired,
    Email: EMAIL.test(form.Email.trim()) ? undefined : t.emailRequired,
  };
  const valid = !errors.FirstName && !errors.Email;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    const body = {
      FirstName: form.FirstName.trim(),
      LastName: form.LastName.trim() || null,
      Email: form.Email.trim(),
      PhoneNumber: form.PhoneNumber.trim() || null,
    };
    try {
      const res = staff ? await update({ companyId, staffId: staff.Id, body }).unwrap() : await create({ companyId, body }).unwrap();
      toast.success(res.ResponseMessage || (staff ? t.updated : t.created));
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const field = (name: keyof typeof form, label: string, type = 'text', required = false) => {
    const error = submitted ? (errors as Partial<Record<keyof typeof form, string>>)[name] : undefined;
    return (
      <FormGroup
        label={label}
        labelFor={`staff-${name}`}
        labelInfo={required ? '*' : undefined}
        intent={error ? 'danger' : 'none'}
        helperText={error}
        className="locus-form-cell"
      >
        <InputGroup
          id={`staff-${name}`}
          type={type}
          value={form[name]}
          intent={error ? 'danger' : 'none'}
          onValueChange={(v) => setForm((f) => ({ ...f, [name]: v }))}
        />
      </FormGroup>
    );
  };

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
