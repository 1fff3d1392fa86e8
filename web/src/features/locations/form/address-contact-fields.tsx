import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@web/shared/forms/contract-fields';
import { errorMessageOf } from '@web/shared/forms/contract-form';
import { useStateCitiesQuery, useUsStatesQuery } from '../api/locations-api';
import { withCity, withState, type AddressContact, type Place } from './address-contact';
import { cityChoices, coordinatesOfCity, stateChoices } from './choices';
import { COUNTRY_CODE, addressContactTexts as t } from './constants';
import { ChoiceSelect } from './pickers';

/** One labelled form field; its error (from the form's schema or the server) below it. */
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

/** The address and contact fields at the top of a form's values (Create and Edit Location both keep them so). */
export const addressContactPaths = {
  StreetAddressLine1: 'StreetAddressLine1',
  StreetAddressLine2: 'StreetAddressLine2',
  Region: 'Region',
  State: 'State',
  Town: 'Town',
  PostCode: 'PostCode',
  Latitude: 'Latitude',
  Longitude: 'Longitude',
  PrimaryEmail: 'PrimaryEmail',
  OwnerFirstName: 'OwnerFirstName',
  OwnerLastName: 'OwnerLastName',
  OpeningDate: 'OpeningDate',
} as const satisfies Record<keyof AddressContact, string>;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Address (lines, fixed country, state, city from the state's list, ZIP, coordinates) and owner
 * and contact (email, opening date, owner's name), as Create Location and Edit Location show them,
 * bound to the form's fields: a new state clears the city and its coordinates, a chosen city sets them.
 */
export function AddressContactFields<T extends FieldValues>({
  idPrefix,
  control,
  paths,
  contactTitle,
  contactFields,
  required,
  coordinatesEditable,
}: {
  idPrefix: string;
  control: Control<T, unknown, FieldValues>;
  paths: Record<keyof AddressContact, Path<T>>;
  contactTitle: string;
  /** The dialog's own contact fields (phones, website), shown before the shared ones. */
  contactFields?: ReactNode;
  /** Fields marked required: what Google needs at create and publish. */
  required: ReadonlySet<keyof AddressContact>;
  /** Create lets coordinates be typed; Edit takes them from the city. */
  coordinatesEditable: boolean;
}) {
  const state = useController({ control, name: paths.State });
  const town = useController({ control, name: paths.Town });
  const latitude = useController({ control, name: paths.Latitude });
  const longitude = useController({ control, name: paths.Longitude });
  const region = useController({ control, name: paths.Region });
  const stateCode = textOf(state.field.value);
  const place: Place = { State: stateCode, Town: textOf(town.field.value), Latitude: textOf(latitude.field.value), Longitude: textOf(longitude.field.value) };
  /** Puts the place's fields that changed on the form. */
  const moveTo = (next: Place) => {
    if (next === place) return;
    state.field.onChange(next.State);
    town.field.onChange(next.Town);
    latitude.field.onChange(next.Latitude);
    longitude.field.onChange(next.Longitude);
  };
  const states = useUsStatesQuery();
  const cities = useStateCitiesQuery(stateCode, { skip: !stateCode });
  const id = (field: string) => `${idPrefix}-${field}`;

  const text = (key: Exclude<keyof AddressContact, 'Region' | 'State' | 'Town'>, label: string, opts: { type?: string; readOnly?: boolean } = {}) => (
    <TextField
      control={control}
      name={paths[key]}
      id={id(key)}
      label={label}
      required={required.has(key)}
      type={opts.type}
      readOnly={opts.readOnly}
      disabled={opts.readOnly}
    />
  );

  return (
    <>
      <div className="locus-form-section">{t.sections.address}</div>
      <div className="locus-form-grid">
        {text('StreetAddressLine1', t.fields.address1)}
        {text('StreetAddressLine2', t.fields.address2)}
      </div>
      <div className="locus-form-grid-3">
        <FormField id={id('Region')} label={t.fields.country} required error={errorMessageOf(region.fieldState.error)}>
          <HTMLSelect id={id('Region')} fill disabled value={COUNTRY_CODE} options={[{ value: COUNTRY_CODE, label: t.countryName }]} />
        </FormField>
        <FormField id={id('State')} label={t.fields.state} required={required.has('State')} error={errorMessageOf(state.fieldState.error)}>
          <HTMLSelect
            id={id('State')}
            fill
            value={stateCode}
            onBlur={state.field.onBlur}
            onChange={(e) => moveTo(withState(place, e.currentTarget.value))}
            options={[{ value: '', label: t.placeholders.state }, ...stateChoices(states.data)]}
          />
        </FormField>
        <FormField id={id('Town')} label={t.fields.city} required={required.has('Town')} error={errorMessageOf(town.fieldState.error)}>
          <ChoiceSelect
            id={id('Town')}
            choices={cityChoices(cities.data)}
            value={place.Town || null}
            disabled={!stateCode}
            loading={cities.isFetching}
            placeholder={t.placeholders.city}
            onChange={(c) => {
              const coords = coordinatesOfCity(cities.data, c.value);
              if (coords) moveTo(withCity(place, { Name: c.value, ...coords }));
            }}
          />
        </FormField>
        {text('PostCode', t.fields.postCode)}
        {text('Latitude', t.fields.latitude, { readOnly: !coordinatesEditable })}
        {text('Longitude', t.fields.longitude, { readOnly: !coordinatesEditable })}
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
