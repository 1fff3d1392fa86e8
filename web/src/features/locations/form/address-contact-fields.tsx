import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useStateCitiesQuery, useUsStatesQuery } from '../api/locations-api';
import { withCity, withState, type AddressContact } from './address-contact';
import { cityChoices, coordinatesOfCity, stateChoices } from './choices';
import { COUNTRY_CODE, addressContactTexts as t } from './constants';
import { ChoiceSelect } from './pickers';

type TextField = Exclude<keyof AddressContact, 'Region' | 'State' | 'Town'>;

/** One labelled form field; its error (from the form's checks or the server) below it. */
export const FormField = ({
  id,
  label,
  required,
  error,
  children,
}: {
  id?: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) => (
  <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={error ? 'danger' : 'none'} helperText={error}>
    {children}
  </FormGroup>
);

/**
 * Address (lines, fixed country, state, city from the state's list, ZIP, coordinates) and owner
 * and contact (email, opening date, owner's name), as Create Location and Edit Location show them.
 * `onChange` gets the new form and the fields it changed (so their errors can be cleared).
 */
export function AddressContactFields<F extends AddressContact>({
  idPrefix,
  form,
  errors,
  onChange,
  contactTitle,
  contactFields,
  required,
  coordinatesEditable,
}: {
  idPrefix: string;
  form: F;
  errors: Record<string, string>;
  onChange: (update: (form: F) => F, changed: (keyof AddressContact)[]) => void;
  contactTitle: string;
  /** The dialog's own contact fields (phones, website), shown before the shared ones. */
  contactFields?: ReactNode;
  /** Fields marked required: what Google needs at create and publish. */
  required: ReadonlySet<keyof AddressContact>;
  /** Create lets coordinates be typed; Edit takes them from the city. */
  coordinatesEditable: boolean;
}) {
  const states = useUsStatesQuery();
  const cities = useStateCitiesQuery(form.State, { skip: !form.State });
  const id = (field: string) => `${idPrefix}-${field}`;

  const text = (key: TextField, label: string, opts: { type?: string; readOnly?: boolean; inputMode?: 'decimal' } = {}) => (
    <FormField id={id(key)} label={label} required={required.has(key)} error={errors[key]}>
      <InputGroup
        id={id(key)}
        type={opts.type}
        inputMode={opts.inputMode}
        readOnly={opts.readOnly}
        disabled={opts.readOnly}
        value={form[key]}
        onValueChange={(v) => onChange((f) => ({ ...f, [key]: v }), [key])}
      />
    </FormField>
  );

  return (
    <>
      <div className="locus-form-section">{t.sections.address}</div>
      <div className="locus-form-grid">
        {text('StreetAddressLine1', t.fields.address1)}
        {text('StreetAddressLine2', t.fields.address2)}
      </div>
      <div className="locus-form-grid-3">
        <FormField id={id('Region')} label={t.fields.country} required error={errors.Region}>
          <HTMLSelect id={id('Region')} fill disabled value={COUNTRY_CODE} options={[{ value: COUNTRY_CODE, label: t.countryName }]} />
        </FormField>
        <FormField id={id('State')} label={t.fields.state} required={required.has('State')} error={errors.State}>
          <HTMLSelect
            id={id('State')}
            fill
            value={form.State}
            onChange={(e) => {
              const state = e.currentTarget.value;
              onChange((f) => withState(f, state), ['State', 'Town', 'Latitude', 'Longitude']);
            }}
            options={[{ value: '', label: t.placeholders.state }, ...stateChoices(states.data)]}
          />
        </FormField>
        <FormField id={id('Town')} label={t.fields.city} required={required.has('Town')} error={errors.Town}>
          <ChoiceSelect
            id={id('Town')}
            choices={cityChoices(cities.data)}
            value={form.Town || null}
            disabled={!form.State}
            loading={cities.isFetching}
            placeholder={t.placeholders.city}
            onChange={(c) => {
              const coords = coordinatesOfCity(cities.data, c.value);
              if (coords) onChange((f) => withCity(f, { Name: c.value, ...coords }), ['Town', 'Latitude', 'Longitude']);
            }}
          />
        </FormField>
        {text('PostCode', t.fields.postCode)}
        {text('Latitude', t.fields.latitude, { readOnly: !coordinatesEditable, inputMode: 'decimal' })}
        {text('Longitude', t.fields.longitude, { readOnly: !coordinatesEditable, inputMode: 'decimal' })}
      </div>

      <div className="locus-form-section">{contactTitle}</div>
      <div className="locus-form-grid">
        {contactFields}
        {text('PrimaryEmail', t.fields.primaryEmail, { type: 'email' })}
        {text('OpeningDate', t.fields.openingDate, { type: 'date' })}
        {text('OwnerFirstName', t.fields.ownerFirstName)}
        {text('OwnerLastName', t.fields.ownerLastName)}
      </div>
    </>
  );
}
