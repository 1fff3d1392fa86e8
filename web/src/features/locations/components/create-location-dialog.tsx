import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LOCATION_ATTRIBUTE_FLAGS, CREATE_LOCATION_ATTRIBUTE_KEYS } from '@locus/contracts/locations/attributes';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { categoryChoices, cityChoices, coordinatesOfCity, stateChoices } from '@web/shared/location-form/choices';
import { HoursEditor } from '@web/shared/location-form/hours-editor';
import { hoursErrors, weekFromEntries } from '@web/shared/location-form/hours';
import { ChoiceMultiSelect, ChoiceSelect } from '@web/shared/location-form/pickers';
import { toast } from '@web/shared/ui/toaster';
import {
  useCreatableAccountsQuery,
  useCreateLocationMutation,
  useDefaultLocationHoursQuery,
  useGoogleCategoriesQuery,
  useStateCitiesQuery,
  useUsStatesQuery,
} from '../api/locations-api';
import { COUNTRY_CODE, DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, locationTexts as t } from '../constants';
import {
  canCreateLocation,
  createFieldErrors,
  createLocationBody,
  emptyCreateLocationForm,
  withCity,
  withState,
  type CreateAttributeKey,
  type CreateLocationForm,
} from '../create-location-form';
import { PhonesDialog } from './phones-dialog';

const ATTRIBUTE_LABELS = new Map<string, string>(LOCATION_ATTRIBUTE_FLAGS.map((f) => [f.key, f.label]));

const Field = ({ id, label, required, error, children }: { id?: string; label: string; required?: boolean; error?: string; children: ReactNode }) => (
  <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={error ? 'danger' : 'none'} helperText={error}>
    {children}
  </FormGroup>
);

/** Create Location (spec part 1 §2): every field, the enabling rule, pre-filled hours. */
export const CreateLocationDialog = ({ onClose }: { onClose: () => void }) => {
  const [form, setForm] = useState<CreateLocationForm>(emptyCreateLocationForm);
  const [phonesOpen, setPhonesOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const hoursTouched = useRef(false);
  const accounts = useCreatableAccountsQuery();
  const categories = useGoogleCategoriesQuery();
  const states = useUsStatesQuery();
  const cities = useStateCitiesQuery(form.State, { skip: !form.State });
  const defaults = useDefaultLocationHoursQuery();
  const [create, createState] = useCreateLocationMutation();

  const set = <K extends keyof CreateLocationForm>(key: K, value: CreateLocationForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // one connected account: chosen for the user
  useEffect(() => {
    const list = accounts.data ?? [];
    if (list.length === 1 && list[0]) setForm((f) => (f.AccountId ? f : { ...f, AccountId: list[0]!.Id }));
  }, [accounts.data]);
  // the company's default week, unless the user already edited the hours
  useEffect(() => {
    if (defaults.data && !hoursTouched.current) setForm((f) => ({ ...f, week: weekFromEntries(defaults.data) }));
  }, [defaults.data]);

  const noAccount = accounts.isSuccess && (accounts.data ?? []).length === 0;
  const catChoices = categoryChoices(categories.data?.Data);
  const dayErrors = hoursErrors(form.week);
  const enabled = canCreateLocation(form) && Object.keys(dayErrors).length === 0;
  const err = (field: string) => serverErrors[field];
  const extraPhones = form.AdditionalPhoneNumbers.filter((p) => p.trim() !== '');

  const submit = async () => {
    setServerErrors({});
    try {
      const res = await create(createLocationBody(form)).unwrap();
      toast.success(res.ResponseMessage || t.created);
      onClose();
    } catch (e) {
      setServerErrors(createFieldErrors(fieldErrorsOf(e)));
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
          <Field id="create-account" label={t.fields.account} required error={err('AccountId')}>
            <HTMLSelect
              id="create-account"
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
          <Field id="create-store-code" label={t.fields.storeCode} error={err('StoreCode')}>
            <InputGroup id="create-store-code" value={form.StoreCode} onValueChange={(v) => set('StoreCode', v)} />
          </Field>
        </div>

        <div className="locus-form-section">{t.sections.business}</div>
        {categories.data?.IsUnauthorized ? <Callout intent="primary" className="locus-callout">{t.categoriesUnavailable}</Callout> : null}
        <div className="locus-form-grid">
          <Field id="create-primary-category" label={t.fields.primaryCategory} required error={err('PrimaryCategoryId')}>
            <ChoiceSelect
              id="create-primary-category"
              choices={catChoices}
              value={form.PrimaryCategoryId}
              loading={categories.isLoading}
              placeholder={t.placeholders.primaryCategory}
              onChange={(c) =>
                setForm((f) => ({ ...f, PrimaryCategoryId: c.value, SelectedAdditionalCategories: f.SelectedAdditionalCategories.filter((v) => v !== c.value) }))
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
          <Field id="create-title" label={t.fields.title} required error={err('Title')}>
            <InputGroup id="create-title" value={form.Title} onValueChange={(v) => set('Title', v)} />
          </Field>
          <Field id="create-website" label={t.fields.website} error={err('Website')}>
            <InputGroup id="create-website" type="url" placeholder={t.placeholders.website} value={form.Website} onValueChange={(v) => set('Website', v)} />
          </Field>
          <Field id="create-primary-phone" label={t.fields.primaryPhone} required error={err('PrimaryPhoneNumber')}>
            <InputGroup id="create-primary-phone" type="tel" placeholder={t.placeholders.phone} value={form.PrimaryPhoneNumber} onValueChange={(v) => set('PrimaryPhoneNumber', v)} />
          </Field>
          <Field label={t.fields.additionalPhones} error={err('AdditionalPhoneNumbers')}>
            <div className="locus-phone-summary">
              {extraPhones.length === 0 ? <span className="locus-muted">{t.phonesNone}</span> : extraPhones.map((p) => <Tag key={p} minimal>{p}</Tag>)}
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
          labelFor="create-description"
          intent={err('ProfileDescription') ? 'danger' : 'none'}
          helperText={err('ProfileDescription')}
        >
          <TextArea
            id="create-description"
            fill
            rows={3}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={form.ProfileDescription}
            onChange={(e) => set('ProfileDescription', e.currentTarget.value.slice(0, DESCRIPTION_MAX_LENGTH))}
          />
        </FormGroup>

        <div className="locus-form-section">{t.sections.address}</div>
        <div className="locus-form-grid">
          <Field id="create-address1" label={t.fields.address1} error={err('StreetAddressLine1')}>
            <InputGroup id="create-address1" value={form.StreetAddressLine1} onValueChange={(v) => set('StreetAddressLine1', v)} />
          </Field>
          <Field id="create-address2" label={t.fields.address2} error={err('StreetAddressLine2')}>
            <InputGroup id="create-address2" value={form.StreetAddressLine2} onValueChange={(v) => set('StreetAddressLine2', v)} />
          </Field>
        </div>
        <div className="locus-form-grid-3">
          <Field id="create-country" label={t.fields.country} required error={err('Region')}>
            <HTMLSelect id="create-country" fill disabled value={form.Region} options={[{ value: COUNTRY_CODE, label: t.countryName }]} />
          </Field>
          <Field id="create-state" label={t.fields.state} error={err('State')}>
            <HTMLSelect
              id="create-state"
              fill
              disabled={!form.Region}
              value={form.State}
              onChange={(e) => setForm((f) => withState(f, e.currentTarget.value))}
              options={[{ value: '', label: t.placeholders.state }, ...stateChoices(states.data)]}
            />
          </Field>
          <Field id="create-city" label={t.fields.city} error={err('Town')}>
            <ChoiceSelect
              id="create-city"
              choices={cityChoices(cities.data)}
              value={form.Town || null}
              disabled={!form.State}
              loading={cities.isFetching}
              placeholder={t.placeholders.city}
              onChange={(c) => {
                const coords = coordinatesOfCity(cities.data, c.value);
                if (coords) setForm((f) => withCity(f, { Name: c.value, ...coords }));
              }}
            />
          </Field>
          <Field id="create-postcode" label={t.fields.postCode} error={err('PostCode')}>
            <InputGroup id="create-postcode" value={form.PostCode} onValueChange={(v) => set('PostCode', v)} />
          </Field>
          <Field id="create-latitude" label={t.fields.latitude} required error={err('Latitude')}>
            <InputGroup id="create-latitude" inputMode="decimal" value={form.Latitude} onValueChange={(v) => set('Latitude', v)} />
          </Field>
          <Field id="create-longitude" label={t.fields.longitude} required error={err('Longitude')}>
            <InputGroup id="create-longitude" inputMode="decimal" value={form.Longitude} onValueChange={(v) => set('Longitude', v)} />
          </Field>
        </div>

        <div className="locus-form-section">{t.sections.contact}</div>
        <div className="locus-form-grid">
          <Field id="create-email" label={t.fields.primaryEmail} error={err('PrimaryEmail')}>
            <InputGroup id="create-email" type="email" value={form.PrimaryEmail} onValueChange={(v) => set('PrimaryEmail', v)} />
          </Field>
          <Field id="create-opening-date" label={t.fields.openingDate} required error={err('OpeningDate')}>
            <InputGroup id="create-opening-date" type="date" value={form.OpeningDate} onValueChange={(v) => set('OpeningDate', v)} />
          </Field>
          <Field id="create-owner-first" label={t.fields.ownerFirstName} error={err('OwnerFirstName')}>
            <InputGroup id="create-owner-first" value={form.OwnerFirstName} onValueChange={(v) => set('OwnerFirstName', v)} />
          </Field>
          <Field id="create-owner-last" label={t.fields.ownerLastName} error={err('OwnerLastName')}>
            <InputGroup id="create-owner-last" value={form.OwnerLastName} onValueChange={(v) => set('OwnerLastName', v)} />
          </Field>
        </div>

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
      {phonesOpen ? <PhonesDialog rows={form.AdditionalPhoneNumbers} onChange={(rows) => set('AdditionalPhoneNumbers', rows)} onClose={() => setPhonesOpen(false)} /> : null}
    </Dialog>
  );
};
