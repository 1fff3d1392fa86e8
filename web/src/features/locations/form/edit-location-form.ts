import type { LocationDetails, UpdateLocationRequest } from '../api/details-api';
import { COUNTRY_CODE } from '@locus/contracts';
import { changedFields } from '@web/shared/forms/contract-form';
import { parseCoordinate, type AddressContact } from './address-contact';

/** The Edit Location dialog's fields (spec part 2 §3 Location (edit)). Title is read-only; the coordinates come from the city. */
export interface EditLocationForm extends AddressContact {
  StoreCode: string;
  Title: string;
  LocaleTagline: string;
  PrimaryCategoryId: string | null;
  SelectedAdditionalCategories: string[];
  SelectedLocaleZeCategories: Array<{ Id: string; Name: string }>;
  LocaleZeKeyWords: string[];
  LocalezeListingId: string;
  PrimaryPhoneNumber: string;
  TollFreeNumber: string;
  Website: string;
  Twitter: string;
  LinkedIn: string;
  Facebook: string;
  Yelp: string;
  Instagram: string;
  GooglePlus: string;
  ProfileDescription: string;
  LocationProfileMedia: string;
  LocationCoverMedia: string;
}

export const editFormFromLocation = (l: LocationDetails): EditLocationForm => ({
  StoreCode: l.StoreCode,
  Title: l.Title,
  LocaleTagline: l.LocaleTagline,
  PrimaryCategoryId: l.PrimaryCategoryId,
  SelectedAdditionalCategories: [...l.SelectedAdditionalCategories],
  SelectedLocaleZeCategories: l.SelectedLocaleZeCategories.map((c) => ({ ...c })),
  LocaleZeKeyWords: [...l.LocaleZeKeyWords],
  LocalezeListingId: l.LocalezeListingId ?? '',
  PrimaryPhoneNumber: l.PrimaryPhoneNumber,
  TollFreeNumber: l.TollFreeNumber,
  PrimaryEmail: l.PrimaryEmail ?? '',
  OwnerFirstName: l.OwnerFirstName,
  OwnerLastName: l.OwnerLastName,
  StreetAddressLine1: l.StreetAddressLine1,
  StreetAddressLine2: l.StreetAddressLine2,
  Region: l.Region || COUNTRY_CODE,
  State: l.State,
  Town: l.Town,
  PostCode: l.PostCode,
  Latitude: l.Latitude === null ? '' : String(l.Latitude),
  Longitude: l.Longitude === null ? '' : String(l.Longitude),
  Website: l.Website,
  Twitter: l.Twitter,
  LinkedIn: l.LinkedIn,
  Facebook: l.Facebook,
  Yelp: l.Yelp,
  Instagram: l.Instagram,
  GooglePlus: l.GooglePlus,
  ProfileDescription: l.ProfileDescription,
  LocationProfileMedia: l.LocationProfileMedia ?? '',
  LocationCoverMedia: l.LocationCoverMedia ?? '',
  OpeningDate: (l.OpeningDate ?? '').slice(0, 10),
});

/** The update body: every editable field; empty primary email and opening date are sent as null. */
export const updateLocationBody = (form: EditLocationForm): UpdateLocationRequest => {
  const trimmed = (v: string) => v.trim();
  return {
    StoreCode: trimmed(form.StoreCode),
    LocaleTagline: trimmed(form.LocaleTagline),
    ...(form.PrimaryCategoryId ? { PrimaryCategoryId: form.PrimaryCategoryId } : {}),
    SelectedAdditionalCategories: form.SelectedAdditionalCategories.filter((c) => c !== form.PrimaryCategoryId),
    SelectedLocaleZeCategories: form.SelectedLocaleZeCategories,
    LocaleZeKeyWords: form.LocaleZeKeyWords,
    LocalezeListingId: trimmed(form.LocalezeListingId) || null,
    // required when present: a location imported without a phone can still be edited
    ...(trimmed(form.PrimaryPhoneNumber) ? { PrimaryPhoneNumber: trimmed(form.PrimaryPhoneNumber) } : {}),
    TollFreeNumber: trimmed(form.TollFreeNumber),
    PrimaryEmail: trimmed(form.PrimaryEmail) === '' ? null : trimmed(form.PrimaryEmail),
    OwnerFirstName: trimmed(form.OwnerFirstName),
    OwnerLastName: trimmed(form.OwnerLastName),
    StreetAddressLine1: trimmed(form.StreetAddressLine1),
    StreetAddressLine2: trimmed(form.StreetAddressLine2),
    Region: form.Region || COUNTRY_CODE,
    State: form.State,
    Town: form.Town,
    PostCode: trimmed(form.PostCode),
    Latitude: parseCoordinate(form.Latitude),
    Longitude: parseCoordinate(form.Longitude),
    Website: trimmed(form.Website),
    Twitter: trimmed(form.Twitter),
    LinkedIn: trimmed(form.LinkedIn),
    Facebook: trimmed(form.Facebook),
    Yelp: trimmed(form.Yelp),
    Instagram: trimmed(form.Instagram),
    GooglePlus: trimmed(form.GooglePlus),
    ProfileDescription: trimmed(form.ProfileDescription),
    LocationProfileMedia: trimmed(form.LocationProfileMedia) === '' ? null : trimmed(form.LocationProfileMedia),
    LocationCoverMedia: trimmed(form.LocationCoverMedia) === '' ? null : trimmed(form.LocationCoverMedia),
    OpeningDate: trimmed(form.OpeningDate) === '' ? null : trimmed(form.OpeningDate),
  };
};

/**
 * What the Edit dialog sends: only the fields whose value differs from the location as the
 * dialog opened, so a save never rewrites (or recomputes, like the pin) what the user left alone.
 */
export const changedLocationBody = (form: EditLocationForm, initial: EditLocationForm): UpdateLocationRequest =>
  changedFields(updateLocationBody(form), updateLocationBody(initial));
