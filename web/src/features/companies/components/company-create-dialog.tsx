import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { PersonFields } from '@web/shared/forms/person-fields';
import { emptyPerson, isValid, personBody, validatePerson, type PersonForm } from '@web/shared/forms/person-form';
import { toast } from '@web/shared/ui/toaster';
import { useCreateCompanyMutation } from '../api/companies-api';
import { companyTexts as t } from '../constants';

/** New Company: the company name and its primary contact (the default company admin). */
export const CompanyCreateDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const [name, setName] = useState('');
  const [contact, setContact] = useState<PersonForm>(emptyPerson);
  const [touched, setTouched] = useState(false);
  const [create, state] = useCreateCompanyMutation();
  useEffect(() => {
    if (isOpen) {
      setName('');
      setContact(emptyPerson());
      setTouched(false);
    }
  }, [isOpen]);

  const contactErrors = validatePerson(contact, { password: 'separate', phoneRequired: false });
  const nameError = name.trim() ? undefined : t.companyNameRequired;
  const valid = !nameError && isValid(contactErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    try {
      const body = personBody(contact);
      const res = await create({
        CompanyName: name.trim(),
        PrimaryContact: { ...body, Password: contact.Password, ConfirmPassword: contact.ConfirmPassword },
      }).unwrap();
      toast.success(res.ResponseMessage || t.companyCreated);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen={isOpen} title={t.createTitle} onClose={onClose} className="locus-dialog-wide">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup
            label={t.companyName}
            labelFor="company-name"
            labelInfo="*"
            intent={touched && nameError ? 'danger' : 'none'}
            helperText={touched ? nameError : undefined}
          >
            <InputGroup id="company-name" value={name} onValueChange={setName} intent={touched && nameError ? 'danger' : 'none'} />
          </FormGroup>
          <H5>{t.primaryContact}</H5>
          <PersonFields
            idPrefix="company-contact"
            value={contact}
            onChange={setContact}
            errors={contactErrors}
            showAllErrors={touched}
            password="separate"
            phoneRequired={false}
          />
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
