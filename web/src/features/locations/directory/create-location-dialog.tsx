import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { LOCATION_ATTRIBUTE_FLAGS, CREATE_LOCATION_ATTRIBUTE_KEYS } from '@locus/contracts';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { withoutErrorsOf, formFieldErrors } from '../form/address-contact';
import { AddressContactFields, FormField as Field } from '../form/address-contact-fields';
import { categoryChoices } from '../form/choices';
import { HoursEditor } from '../form/hours-editor';
import { hoursErrors, weekFromEntries } from '../form/hours';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import { toast } from '@web/shared/ui/toaster';
import { useLocationDefaultsQuery } from '../api/defaults-api';
import { useCreatableAccountsQuery, useCreateLocationMutation, useDefaultLocationHoursQuery, useGoogleCategoriesQuery } from '../api/locations-api';
import { DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, locationTexts as t } from './constants';
import {
  CREATE_REQUIRED_FIELDS,
  canCreateLocation,
  createFormErrors,
  createLocationBody,
  emptyCreateLocationForm,
  withLocationDefaults,
  type CreateAttributeKey,
  type CreateLocationForm,
} from '../form/create-location-form';
import { PhonesDialog } from '../form/phones-dialog';

const ATTRIBUTE_LABELS = new Map<string, string>(LOCATION_ATTRIBUTE_FLAGS.map((f) => [f.key, f.label]));

/** Create Location (spec part 1 §2): every field, the enabling rule, pre-filled hours. */
export const CreateLocationDialog = ({ onClose }: { onClose: () => void }) => {
  const [form, setForm] = useState<CreateLocationForm>(emptyCreateLocationForm);
  const [phonesOpen, setPhonesOpen] = useState(false);
  /** Per field: what the form's check or the server refused, until the field is changed. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hoursTouched = useRef(false);
  const accounts = useCreatableAccountsQuery();
  const categories = useGoogleCategoriesQuery();
  const defaults = useDefaultLocationHoursQuery();
  const savedDefaults = useLocationDefaultsQuery();
  const [create, createState] = useCreateLocationMutation();

  const update = (change: (f: CreateLocationForm) => CreateLocationForm, changed: (keyof CreateLocationForm)[]) => {
    setForm(change);
    setErrors((e) => withoutErrorsOf(e, changed));
  };
  const set = <K extends keyof CreateLocationForm>(key: K, value: CreateLocationForm[K]) => update((f) => ({ ...f, [key]: value }), [key]);

  // one connected account: chosen for the user
  useEffect(() => {
    const list = accounts.data ?? [];
    if (list.length === 1 && list[0]) setForm((f) => (f.AccountId ? f : { ...f, AccountId: list[0]!.Id }));
  }, [accounts.data]);
  // the company's saved defaults (Default Location page) pre-fill the fields still empty
  useEffect(() => {
    if (savedDefaults.data) setForm((f) => withLocationDefaults(f, savedDefaults.data!));
  }, [savedDefaults.data]);
  // the company's default week, unless the user already edited the hours
  useEffect(() => {
    if (defaults.data && !hoursTouched.current) setForm((f) => ({ ...f, week: weekFromEntries(defaults.data) }));
  }, [defaults.data]);

  const noAccount = accounts.isSuccess && (accounts.data ?? []).length === 0;
  const catChoices = categoryChoices(categories.data?.Data);
  const dayErrors = hoursErrors(form.week);
  const enabled = canCreateLocation(form) && Object.keys(dayErrors).length === 0;
  const err = (field: string) => errors[field];
  const extraPhones = form.AdditionalPhoneNumbers.filter((p) => p.trim() !== '');

  const submit = async () => {
    // What Google would refuse is named on its field before anything is sent.
    const problems = createFormErrors(form);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`create-${first}`)?.focus();
      toast.error(t.fixFields);
      return;
    }
    try {
      const res = await create(createLocationBody(form)).unwrap();
      toast.success(res.ResponseMessage || t.created);
      onClose();
    } catch (e) {
      setErrors(formFieldErrors(fieldErrorsOf(e)));
      toast.error(failureMessage(e, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.createTitle} onClose={onClose} className="locus-dialog-create locus-create-location" canOutsideClickClose={false}>
      <DialogBody>
        {noAccount ? (
          <Callout intent="warning" icon="link" className="locus-callout">
            {t.noConnectedAccount}
          </Callout>
        ) : null}
        <div className="locus-form-section">{t.sections.account}</div>
        <div className="locus-form-grid">
          <Field id="create-AccountId" label={t.fields.account} required error={err('AccountId')}>
            <HTMLSelect
              id="create-AccountId"
              fill
              value={form.AccountId}
              disabled={noAccount}
              onChange={(e) => set('AccountId', e.currentTarget.value)}
              options={[
                { value: '', label: t.placeholders.account },
                ...(accounts.data ?? []).map((a) => ({ value: a.Id, label: `${a.AccountName} (${a.GoogleUserEmail})` })),
              ]}
            />
          </Field>
          <Field id="create-StoreCode" label={t.fields.storeCode} error={err('StoreCode')}>
            <InputGroup id="create-StoreCode" value={form.StoreCode} onValueChange={(v) => set('StoreCode', v)} />
          </Field>
        </div>

        <div className="locus-form-section">{t.sections.business}</div>
        {categories.data?.IsUnauthorized ? (
          <Callout intent="primary" className="locus-callout">
            {t.categoriesUnavailable}
          </Callout>
        ) : null}
        <div className="locus-form-grid">
          <Field id="create-PrimaryCategoryId" label={t.fields.primaryCategory} required error={err('PrimaryCategoryId')}>
            <ChoiceSelect
              id="create-PrimaryCategoryId"
              choices={catChoices}
              value={form.PrimaryCategoryId}
              loading={categories.isLoading}
              placeholder={t.placeholders.primaryCategory}
              onChange={(c) =>
                setForm((f) => ({
                  ...f,
                  PrimaryCategoryId: c.value,
                  SelectedAdditionalCategories: f.SelectedAdditionalCategories.filter((v) => v !== c.value),
                }))
              }
            />
          </Field>
          <Field label={t.fields.additionalCategories} error={err('SelectedAdditionalCategories')}>
            <ChoiceMultiSelect
              choices={catChoices.filter((c) => c.value !== form.PrimaryCategoryId)}
              values={form.SelectedAdditionalCategories}
              max={MAX_ADDITIONAL_CATEGORIES}
              placeholder={t.placeholders.additionalCategories}
              onChange={(v) => set('SelectedAdditionalCategories', v)}
            />
          </Field>
          <Field id="create-Title" label={t.fields.title} required error={err('Title')}>
            <InputGroup id="create-Title" value={form.Title} onValueChange={(v) => set('Title', v)} />
          </Field>
          <Field id="create-Website" label={t.fields.website} error={err('Website')}>
            <InputGroup id="create-Website" type="url" placeholder={t.placeholders.website} value={form.Website} onValueChange={(v) => set('Website', v)} />
          </Field>
          <Field id="create-PrimaryPhoneNumber" label={t.fields.primaryPhone} required error={err('PrimaryPhoneNumber')}>
            <InputGroup
              id="create-PrimaryPhoneNumber"
              type="tel"
              placeholder={t.placeholders.phone}
              value={form.PrimaryPhoneNumber}
              onValueChange={(v) => set('PrimaryPhoneNumber', v)}
            />
          </Field>
          <Field label={t.fields.additionalPhones} error={err('AdditionalPhoneNumbers')}>
            <div className="locus-phone-summary">
              {extraPhones.length === 0 ? (
                <span className="locus-muted">{t.phonesNone}</span>
              ) : (
                extraPhones.map((p) => (
                  <Tag key={p} minimal>
                    {p}
                  </Tag>
                ))
              )}
              <Button size="small" icon="phone" text={t.editPhones} onClick={() => setPhonesOpen(true)} />
            </div>
          </Field>
        </div>
        <FormGroup
          label={
            <>
              {t.fields.description}
              <span className="locus-char-count">
                {form.ProfileDescription.length}/{DESCRIPTION_MAX_LENGTH}
              </span>
            </>
          }
          labelFor="create-ProfileDescription"
          intent={err('ProfileDescription') ? 'danger' : 'none'}
          helperText={err('ProfileDescription')}
        >
          <TextArea
            id="create-ProfileDescription"
            fill
            rows={3}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={form.ProfileDescription}
            onChange={(e) => set('ProfileDescription', e.currentTarget.value.slice(0, DESCRIPTION_MAX_LENGTH))}
          />
        </FormGroup>

        <AddressContactFields
          idPrefix="create"
          form={form}
          errors={errors}
          onChange={update}
          contactTitle={t.sections.contact}
          required={CREATE_REQUIRED_FIELDS}
          coordinatesEditable
        />

        <div className="locus-form-section">{t.sections.hours}</div>
        <HoursEditor
          week={form.week}
          errors={dayErrors}
          onChange={(week) => {
            hoursTouched.current = true;
            set('week', week);
          }}
        />
        {err('LocationBusinessHours') ? <div className="locus-field-error">{err('LocationBusinessHours')}</div> : null}

        <div className="locus-form-section">{t.sections.attributes}</div>
        <div className="locus-checkbox-grid">
          {CREATE_LOCATION_ATTRIBUTE_KEYS.map((key: CreateAttributeKey) => (
            <Checkbox
              key={key}
              label={ATTRIBUTE_LABELS.get(key) ?? key}
              checked={form.attributes[key]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setForm((f) => ({ ...f, attributes: { ...f.attributes, [key]: checked } }));
              }}
            />
          ))}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.create} disabled={!enabled} loading={createState.isLoading} onClick={() => void submit()} />
          </>
        }
      >
        {!enabled ? <span className="locus-muted">{t.requiredHint}</span> : null}
      </DialogFooter>
      {phonesOpen ? (
        <PhonesDialog rows={form.AdditionalPhoneNumbers} onChange={(rows) => set('AdditionalPhoneNumbers', rows)} onClose={() => setPhonesOpen(false)} />
      ) : null}
    </Dialog>
  );
};
