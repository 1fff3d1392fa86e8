import { Button, Callout, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { LOCATION_ATTRIBUTE_FLAGS, CREATE_LOCATION_ATTRIBUTE_KEYS } from '@locus/contracts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { errorMessageOf, showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { AddressContactFields, addressContactPaths, FormField as Field } from '../form/address-contact-fields';
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
  CreateLocationFormSchema,
  emptyCreateLocationForm,
  withLocationDefaults,
} from '../form/create-location-form';
import { PhonesDialog } from '../form/phones-dialog';

const ATTRIBUTE_LABELS = new Map<string, string>(LOCATION_ATTRIBUTE_FLAGS.map((f) => [f.key, f.label]));

/** Create Location (spec part 1 §2): every field, the enabling rule, pre-filled hours; the route's schema checks it. */
export const CreateLocationDialog = ({ onClose }: { onClose: () => void }) => {
  const form = useContractForm(CreateLocationFormSchema, emptyCreateLocationForm());
  const { control, handleSubmit, getValues, setValue, reset, watch, formState } = form;
  const values = watch();
  const [phonesOpen, setPhonesOpen] = useState(false);
  const hoursTouched = useRef(false);
  const accounts = useCreatableAccountsQuery();
  const categories = useGoogleCategoriesQuery();
  const defaults = useDefaultLocationHoursQuery();
  const savedDefaults = useLocationDefaultsQuery();
  const [create, createState] = useCreateLocationMutation();

  // one connected account: chosen for the user
  useEffect(() => {
    const only = accounts.data?.length === 1 ? accounts.data[0] : undefined;
    if (only && !getValues('AccountId')) setValue('AccountId', only.Id);
  }, [accounts.data, getValues, setValue]);
  // the company's saved defaults (Default Location page) pre-fill the fields still empty
  useEffect(() => {
    if (savedDefaults.data) reset(withLocationDefaults(getValues(), savedDefaults.data));
  }, [savedDefaults.data, getValues, reset]);
  // the company's default week, unless the user already edited the hours
  useEffect(() => {
    if (defaults.data && !hoursTouched.current) setValue('week', weekFromEntries(defaults.data));
  }, [defaults.data, setValue]);

  const noAccount = accounts.isSuccess && (accounts.data ?? []).length === 0;
  const catChoices = categoryChoices(categories.data?.Data);
  const dayErrors = hoursErrors(values.week);
  const enabled = canCreateLocation(values) && Object.keys(dayErrors).length === 0;
  const extraPhones = values.AdditionalPhoneNumbers.filter((p) => p.trim() !== '');
  // the schema judges the hours as the request's list, which the form keeps as the week
  const hoursError = errorMessageOf(Reflect.get(formState.errors, 'LocationBusinessHours'));

  const submit = handleSubmit(
    async (location) => {
      try {
        const res = await create({ ProcessId: null, Location: location }).unwrap();
        toast.success(res.ResponseMessage || t.created);
        onClose();
      } catch (e) {
        showServerFieldErrors(e, form, { under: 'Location' });
        toast.error(failureMessage(e, t.genericFailure));
      }
    },
    () => toast.error(t.fixFields),
  );

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
          <SelectField
            control={control}
            name="AccountId"
            id="create-AccountId"
            label={t.fields.account}
            required
            disabled={noAccount}
            options={[
              { value: '', label: t.placeholders.account },
              ...(accounts.data ?? []).map((a) => ({ value: a.Id, label: `${a.AccountName} (${a.GoogleUserEmail})` })),
            ]}
          />
          <TextField control={control} name="StoreCode" id="create-StoreCode" label={t.fields.storeCode} />
        </div>

        <div className="locus-form-section">{t.sections.business}</div>
        {categories.data?.IsUnauthorized ? (
          <Callout intent="primary" className="locus-callout">
            {t.categoriesUnavailable}
          </Callout>
        ) : null}
        <div className="locus-form-grid">
          <Controller
            control={control}
            name="PrimaryCategoryId"
            render={({ field, fieldState }) => (
              <Field id="create-PrimaryCategoryId" label={t.fields.primaryCategory} required error={errorMessageOf(fieldState.error)}>
                <ChoiceSelect
                  id="create-PrimaryCategoryId"
                  choices={catChoices}
                  value={field.value}
                  loading={categories.isLoading}
                  placeholder={t.placeholders.primaryCategory}
                  onChange={(c) => {
                    field.onChange(c.value);
                    setValue(
                      'SelectedAdditionalCategories',
                      getValues('SelectedAdditionalCategories').filter((v) => v !== c.value),
                    );
                  }}
                />
              </Field>
            )}
          />
          <Controller
            control={control}
            name="SelectedAdditionalCategories"
            render={({ field, fieldState }) => (
              <Field label={t.fields.additionalCategories} error={errorMessageOf(fieldState.error)}>
                <ChoiceMultiSelect
                  choices={catChoices.filter((c) => c.value !== values.PrimaryCategoryId)}
                  values={field.value}
                  max={MAX_ADDITIONAL_CATEGORIES}
                  placeholder={t.placeholders.additionalCategories}
                  onChange={field.onChange}
                />
              </Field>
            )}
          />
          <TextField control={control} name="Title" id="create-Title" label={t.fields.title} required />
          <TextField control={control} name="Website" id="create-Website" label={t.fields.website} type="url" placeholder={t.placeholders.website} />
          <TextField
            control={control}
            name="PrimaryPhoneNumber"
            id="create-PrimaryPhoneNumber"
            label={t.fields.primaryPhone}
            required
            type="tel"
            placeholder={t.placeholders.phone}
          />
          <Controller
            control={control}
            name="AdditionalPhoneNumbers"
            render={({ fieldState }) => (
              <Field label={t.fields.additionalPhones} error={errorMessageOf(fieldState.error)}>
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
            )}
          />
        </div>
        <TextAreaField
          control={control}
          name="ProfileDescription"
          id="create-ProfileDescription"
          rows={3}
          maxLength={DESCRIPTION_MAX_LENGTH}
          label={
            <>
              {t.fields.description}
              <span className="locus-char-count">
                {values.ProfileDescription.length}/{DESCRIPTION_MAX_LENGTH}
              </span>
            </>
          }
        />

        <AddressContactFields
          idPrefix="create"
          control={control}
          paths={addressContactPaths}
          contactTitle={t.sections.contact}
          required={CREATE_REQUIRED_FIELDS}
          coordinatesEditable
        />

        <div className="locus-form-section">{t.sections.hours}</div>
        <Controller
          control={control}
          name="week"
          render={({ field }) => (
            <HoursEditor
              week={field.value}
              errors={dayErrors}
              onChange={(week) => {
                hoursTouched.current = true;
                field.onChange(week);
              }}
            />
          )}
        />
        {hoursError ? <div className="locus-field-error">{hoursError}</div> : null}

        <div className="locus-form-section">{t.sections.attributes}</div>
        <div className="locus-checkbox-grid">
          {CREATE_LOCATION_ATTRIBUTE_KEYS.map((key) => (
            <CheckboxField key={key} control={control} name={`attributes.${key}`} label={ATTRIBUTE_LABELS.get(key) ?? key} />
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
        <PhonesDialog
          rows={values.AdditionalPhoneNumbers}
          onChange={(rows) => setValue('AdditionalPhoneNumbers', rows, { shouldValidate: formState.isSubmitted })}
          onClose={() => setPhonesOpen(false)}
        />
      ) : null}
    </Dialog>
  );
};
