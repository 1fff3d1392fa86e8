import { COUNTRY_CODE, CREATE_LOCATION_ATTRIBUTE_KEYS, CreateLocationFieldsSchema, MAX_ADDITIONAL_PHONES } from '@locus/contracts';
import { z } from 'zod';
import { parseCoordinate, type AddressContact } from './address-contact';
import { closedWeek, entriesForSave, type DayHours } from './hours';
import type { CreateLocationRequest } from '../api/locations-api';

export type CreateAttributeKey = (typeof CREATE_LOCATION_ATTRIBUTE_KEYS)[number];

/** The Create Location dialog's fields (spec part 1 §2, part 2 §3 Location create request). */
export interface CreateLocationForm extends AddressContact {
  AccountId: string;
  PrimaryCategoryId: string | null;
  SelectedAdditionalCategories: string[];
  Title: string;
  PrimaryPhoneNumber: string;
  /** Rows of the phones dialog: at least one, possibly blank. */
  AdditionalPhoneNumbers: string[];
  Website: string;
  ProfileDescription: string;
  week: DayHours[];
  StoreCode: string;
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

/** The company's saved location defaults (Default Location page) fill the fields still empty. */
export const withLocationDefaults = (
  form: CreateLocationForm,
  d: {
    Title: string;
    PrimaryPhoneNumber: string;
    PrimaryCategoryId: string | null;
    SelectedAdditionalCategories: string[];
    StreetAddressLine1: string;
    StreetAddressLine2: string;
    State: string;
    Website: string;
    ProfileDescription: string;
  },
): CreateLocationForm => ({
  ...form,
  Title: form.Title || d.Title,
  PrimaryPhoneNumber: form.PrimaryPhoneNumber || d.PrimaryPhoneNumber,
  PrimaryCategoryId: form.PrimaryCategoryId ?? d.PrimaryCategoryId,
  SelectedAdditionalCategories: form.SelectedAdditionalCategories.length ? form.SelectedAdditionalCategories : d.SelectedAdditionalCategories,
  StreetAddressLine1: form.StreetAddressLine1 || d.StreetAddressLine1,
  StreetAddressLine2: form.StreetAddressLine2 || d.StreetAddressLine2,
  State: form.State || d.State,
  Website: form.Website || d.Website,
  ProfileDescription: form.ProfileDescription || d.ProfileDescription,
});

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
export const canAddPhoneRow = (rows: readonly string[], max = MAX_ADDITIONAL_PHONES): boolean => rows.length < max && rows.every((r) => r.trim() !== '');

/** At least one row remains. */
export const canRemovePhoneRow = (rows: readonly string[]): boolean => rows.length > 1;

export const removePhoneRow = (rows: readonly string[], index: number): string[] => (canRemovePhoneRow(rows) ? rows.filter((_, i) => i !== index) : [...rows]);

/**
 * The request body; blank additional phones are dropped, only open days are sent, empty email is
 * null. Only the attributes ticked are sent: one left alone is not told to Google as "no".
 */
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
    ...Object.fromEntries(Object.entries(form.attributes).filter(([, ticked]) => ticked)),
  },
});

/** The address and contact fields Create Location marks required: what Google needs, and the coordinates. */
export const CREATE_REQUIRED_FIELDS: ReadonlySet<keyof AddressContact> = new Set([
  'StreetAddressLine1',
  'State',
  'Town',
  'PostCode',
  'Latitude',
  'Longitude',
  'OpeningDate',
] as const);

/**
 * The dialog's schema: the location part of the request, checked by the route's own schema, so
 * what Google would refuse is named on its field before anything is sent (the hours are sent as
 * `LocationBusinessHours`, the form keeps them as the week).
 */
export const CreateLocationFormSchema = z
  .custom<CreateLocationForm>((v) => typeof v === 'object' && v !== null)
  .transform((form) => createLocationBody(form).Location)
  .pipe(CreateLocationFieldsSchema);
