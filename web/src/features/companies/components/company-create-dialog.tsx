import { Button, Dialog, DialogBody, DialogFooter, H5 } from '@blueprintjs/core';
import { createCompanyRoute } from '@locus/contracts';
import { useEffect } from 'react';
import { TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { ContractPersonFields } from '@web/shared/forms/contract-person-fields';
import { emptyPerson } from '@web/shared/forms/person-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyMutation } from '../api/companies-api';
import { companyTexts as t } from '../constants';

const contactPaths = {
  FirstName: 'PrimaryContact.FirstName',
  LastName: 'PrimaryContact.LastName',
  Email: 'PrimaryContact.Email',
  PhoneNumber: 'PrimaryContact.PhoneNumber',
  Password: 'PrimaryContact.Password',
  ConfirmPassword: 'PrimaryContact.ConfirmPassword',
} as const;

/** New Company: the company name and its primary contact (the default company admin), checked by the route's schema. */
export const CompanyCreateDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const form = useContractForm(createCompanyRoute, { CompanyName: '', PrimaryContact: emptyPerson() });
  const { control, reset, handleSubmit } = form;
  const [create, state] = useCreateCompanyMutation();
  useEffect(() => {
    if (isOpen) reset();
  }, [isOpen, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      const res = await create(body).unwrap();
      toast.success(res.ResponseMessage || t.companyCreated);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <Dialog isOpen={isOpen} title={t.createTitle} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField control={control} name="CompanyName" id="company-name" label={t.companyName} required />
          <H5>{t.primaryContact}</H5>
          <ContractPersonFields control={control} paths={contactPaths} idPrefix="company-contact" withPassword passwordRequired phoneRequired={false} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.save} loading={state.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
