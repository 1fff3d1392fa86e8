import { CREATE_LOCATION_ATTRIBUTE_KEYS } from '@locus/contracts/locations/attributes';
import { closedWeek, entriesForSave, type DayHours } from '@web/shared/location-form/hours';
import type { CreateLocationRequest } from './api/locations-api';
import { COUNTRY_CODE, MAX_ADDITIONAL_PHONES } from './constants';

export type CreateAttributeKey = (typeof CREATE_LOCATION_ATTRIBUTE_KEYS)[number];

/** The Create Location dialog's fields (spec part 1 §2, part 2 §3 Location create request). */
export interface CreateLocationForm {
  AccountId: string;
  PrimaryCategoryId: string | null;
  SelectedAdditionalCategories: string[];
  Title: string;
  PrimaryPhoneNumber: string;
  /** Rows of the phones dialog: at least one, possibly blank. */
  AdditionalPhoneNumbers: string[];
  StreetAddressLine1: string;
  StreetAddressLine2: string;
  Region: string;
  State: string;
  Town: string;
  PostCode: string;
  Website: string;
  ProfileDescription: string;
  week: DayHours[];
  PrimaryEmail: string;
  OwnerFirstName: string;
  OwnerLastName: string;
  StoreCode: string;
  Latitude: string;
  Longitude: string;
  OpeningDate: string;
  attributes: Record<CreateAttributeKey, boolean>;
}

export const emptyCreateLocationForm = (): CreateLocationForm => ({
  AccountId: '',
  PrimaryCategoryId: null,
  SelectedAdditionalCategories: [],
  Title: '',
  PrimaryPhoneNumber: '',
  AdditionalPhoneNumbers: [''],
  StreetAddressLine1: '',
  StreetAddressLine2: '',
  Region: COUNTRY_CODE,
  State: '',
  Town: '',
  PostCode: '',
  Website: '',
  ProfileDescription: '',
  week: closedWeek(),
  PrimaryEmail: '',
  OwnerFirstName: '',
  OwnerLastName: '',
  StoreCode: '',
  Latitude: '',
  Longitude: '',
  OpeningDate: '',
  attributes: Object.fromEntries(CREATE_LOCATION_ATTRIBUTE_KEYS.map((k) => [k, false])) as Record<CreateAttributeKey, boolean>,
});

/** A coordinate typed or set from a city: a finite number. */
export const parseCoordinate = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/**
 * Create Location is enabled only with account, Title, primary category, primary phone,
 * longitude, latitude and country (spec part 1 §5, part 2 §5).
 */
export const canCreateLocation = (form: CreateLocationForm): boolean =>
  form.AccountId.trim() !== '' &&
  form.Title.trim() !== '' &&
  Boolean(form.PrimaryCategoryId) &&
  form.PrimaryPhoneNumber.trim() !== '' &&
  parseCoordinate(form.Longitude) !== null &&
  parseCoordinate(form.Latitude) !== null &&
  form.Region.trim() !== '';

/** Phones dialog: 'Add more' is disabled while any row is blank (and at the maximum). */
export const canAddPhoneRow = (rows: readonly string[], max = MAX_ADDITIONAL_PHONES): boolean =>
  rows.length < max && rows.every((r) => r.trim() !== '');

/** At least one row remains. */
export const canRemovePhoneRow = (rows: readonly string[]): boolean => rows.length > 1;

export const removePhoneRow = (rows: readonly string[], index: number): string[] =>
  canRemovePhoneRow(rows) ? rows.filter((_, i) => i !== index) : [...rows];

/** Changing the state clears the city and its coordinates. */
export const withState = (form: CreateLocationForm, state: string): CreateLocationForm =>
  state === form.State ? form : { ...form, State: state, Town: '', Latitude: '', Longitude: '' };

/** Choosing a city sets the coordinates (spec part 2 §4). */
export const withCity = (form: CreateLocationForm, city: { Name: string; Latitude: number; Longitude: number }): CreateLocationForm => ({
  ...form,
  Town: city.Name,
  Latitude: String(city.Latitude),
  Longitude: String(city.Longitude),
});

/** The request body; blank additional phones are dropped, only open days are sent, empty email is null. */
export const createLocationBody = (form: CreateLocationForm, processId: string | null = null): CreateLocationRequest => ({
  ProcessId: processId,
  Location: {
    AccountId: form.AccountId,
    Title: form.Title.trim(),
    ProfileDescription: form.ProfileDescription.trim(),
    PrimaryPhoneNumber: form.PrimaryPhoneNumber.trim(),
    AdditionalPhoneNumbers: form.AdditionalPhoneNumbers.map((p) => p.trim()).filter(Boolean),
    PrimaryEmail: form.PrimaryEmail.trim() === '' ? null : form.PrimaryEmail.trim(),
    OwnerFirstName: form.OwnerFirstName.trim(),
    OwnerLastName: form.OwnerLastName.trim(),
    StoreCode: form.StoreCode.trim(),
    StreetAddressLine1: form.StreetAddressLine1.trim(),
    StreetAddressLine2: form.StreetAddressLine2.trim(),
    Region: form.Region,
    State: form.State,
    Town: form.Town,
    PostCode: form.PostCode.trim(),
    Latitude: parseCoordinate(form.Latitude) ?? Number.NaN,
    Longitude: parseCoordinate(form.Longitude) ?? Number.NaN,
    Website: form.Website.trim(),
    OpeningDate: form.OpeningDate.trim() === '' ? null : form.OpeningDate.trim(),
    PrimaryCategoryId: form.PrimaryCategoryId ?? '',
    SelectedAdditionalCategories: form.SelectedAdditionalCategories.filter((c) => c !== form.PrimaryCategoryId),
    LocationBusinessHours: entriesForSave(form.week),
    ...form.attributes,
  },
});

/** Server field errors keyed by the form's field names ('Location.Title' → 'Title'). */
export const createFieldErrors = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^Location\./, '').replace(/\.\d+$/, ''), v]));
