import { PLACE_PAGE_URL_FIELDS } from './locations/attributes';

/**
 * Wire names of request fields → the label the form shows. Validation messages are written with
 * wire names; the server rewrites them with these labels so people read what they see on screen
 * (the error's `Fields[].Field` keeps the wire name so the web can place the message).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  PrimaryPhoneNumber: 'Primary Phone Number',
  PrimaryEmail: 'Primary Email',
  TollFreeNumber: 'Toll Free Number',
  AdditionalPhoneNumbers: 'Additional Phone Numbers',
  StoreCode: 'Store Code',
  LocaleTagline: 'Locale Tagline',
  PrimaryCategoryId: 'Primary Category',
  SelectedAdditionalCategories: 'Additional Categories',
  SelectedLocaleZeCategories: 'Localeze Categories',
  LocalezeListingId: 'Localeze Listing Id',
  LocaleZeKeyWords: 'Keywords',
  OwnerFirstName: 'Owner First Name',
  OwnerLastName: 'Owner Last Name',
  PostCode: 'Zip Code',
  PostalCode: 'Postal Code',
  AddressLine1: 'Address Line 1',
  AddressLine2: 'Address Line 2',
  LocationProfileMedia: 'Logo',
  LocationCoverMedia: 'Cover image',
  LocationDefaultImagesUrl: 'Default images',
  AddLocationDefaultImagesUrl: 'Default images',
  GooglePlus: 'Google Plus',
  OpeningDate: 'Opening Date',
  FirstName: 'First Name',
  LastName: 'Last Name',
  PhoneNumber: 'Phone Number',
  MinStars: 'Lowest stars',
  MaxStars: 'Highest stars',
  DelayMinutes: 'Delay',
  ...Object.fromEntries(PLACE_PAGE_URL_FIELDS.map((f) => [f.key, f.label])),
};

const WIRE_NAMES = new RegExp(`\\b(${Object.keys(FIELD_LABELS).join('|')})\\b`, 'g');

/** A validation message with every wire field name in it replaced by its label. */
export const labelFieldNames = (message: string): string => message.replace(WIRE_NAMES, (name) => FIELD_LABELS[name] ?? name);
