import {
  COUNTRY_CODE,
  emptyProfile,
  GOOGLE_LANGUAGES_ATTRIBUTE,
  LOCATION_ATTRIBUTE_FLAGS,
  PLACE_PAGE_URL_FIELDS,
  type GoogleSnapshot,
  type HoursPeriod,
  type LocationProfile,
} from '@locus/contracts';
import type { GoogleAttribute, GoogleAttributes, GoogleLocation } from '../google/types';

const pad = (n: number) => String(n).padStart(2, '0');

/** Google's fields replace those of `base`; fields Google does not hold (email, owner, keywords...) stay. */
export function profileFromGoogle(loc: GoogleLocation, base: LocationProfile = emptyProfile()): LocationProfile {
  const lines = loc.storefrontAddress?.addressLines ?? [];
  const primary = loc.categories?.primaryCategory;
  const opening = loc.openInfo?.openingDate;
  return {
    ...base,
    Title: loc.title ?? '',
    StoreCode: loc.storeCode ?? '',
    PrimaryPhoneNumber: loc.phoneNumbers?.primaryPhone ?? '',
    AdditionalPhoneNumbers: loc.phoneNumbers?.additionalPhones ?? [],
    PrimaryCategory: primary ? { Name: primary.name, DisplayName: primary.displayName ?? primary.name } : null,
    AdditionalCategories: (loc.categories?.additionalCategories ?? []).map((c) => ({ Name: c.name, DisplayName: c.displayName ?? c.name })),
    StreetAddressLine1: lines[0] ?? '',
    StreetAddressLine2: lines.slice(1).join(', '),
    Region: loc.storefrontAddress?.regionCode ?? COUNTRY_CODE,
    State: loc.storefrontAddress?.administrativeArea ?? '',
    Town: loc.storefrontAddress?.locality ?? '',
    PostCode: loc.storefrontAddress?.postalCode ?? '',
    Latitude: loc.latlng?.latitude ?? null,
    Longitude: loc.latlng?.longitude ?? null,
    Website: loc.websiteUri ?? '',
    ProfileDescription: loc.profile?.description ?? '',
    OpeningDate: opening?.year ? `${opening.year}-${pad(opening.month || 1)}-${pad(opening.day || 1)}` : null,
  };
}

export function hoursFromGoogle(loc: GoogleLocation): HoursPeriod[] {
  return (loc.regularHours?.periods ?? []).map((p) => ({
    openDay: p.openDay,
    openTime: { hours: p.openTime?.hours ?? 0, minutes: p.openTime?.minutes ?? 0 },
    closeDay: p.closeDay,
    closeTime: { hours: p.closeTime?.hours ?? 0, minutes: p.closeTime?.minutes ?? 0 },
  }));
}

export function snapshotFromGoogle(
  loc: GoogleLocation,
  extras: Pick<GoogleSnapshot, 'thumbnailUrl' | 'totalRating' | 'totalRatingsCount' | 'media'>,
): GoogleSnapshot {
  return {
    googleName: loc.name ?? '',
    placeId: loc.metadata?.placeId ?? null,
    mapsUri: loc.metadata?.mapsUri ?? null,
    openStatus: loc.openInfo?.status ?? 'OPEN',
    canReopen: loc.openInfo?.canReopen ?? false,
    canDelete: loc.metadata?.canDelete ?? true,
    ...extras,
  };
}

/** The Location resource Google is sent on create (and the source of PATCH bodies). */
export function toGoogleLocation(profile: LocationProfile, hours: HoursPeriod[]): GoogleLocation {
  const lines = [profile.StreetAddressLine1, profile.StreetAddressLine2].map((l) => l.trim()).filter(Boolean);
  const loc: GoogleLocation = {
    languageCode: 'en',
    title: profile.Title,
    phoneNumbers: {
      primaryPhone: profile.PrimaryPhoneNumber,
      ...(profile.AdditionalPhoneNumbers.length ? { additionalPhones: profile.AdditionalPhoneNumbers } : {}),
    },
    storefrontAddress: {
      regionCode: profile.Region || COUNTRY_CODE,
      ...(profile.State ? { administrativeArea: profile.State } : {}),
      ...(profile.Town ? { locality: profile.Town } : {}),
      ...(profile.PostCode ? { postalCode: profile.PostCode } : {}),
      addressLines: lines,
    },
    regularHours: { periods: hours.map((p) => ({ openDay: p.openDay, openTime: p.openTime, closeDay: p.closeDay, closeTime: p.closeTime })) },
  };
  if (profile.StoreCode) loc.storeCode = profile.StoreCode;
  if (profile.PrimaryCategory) {
    loc.categories = {
      primaryCategory: { name: profile.PrimaryCategory.Name },
      ...(profile.AdditionalCategories.length ? { additionalCategories: profile.AdditionalCategories.map((c) => ({ name: c.Name })) } : {}),
    };
  }
  if (profile.Website) loc.websiteUri = profile.Website;
  if (profile.ProfileDescription) loc.profile = { description: profile.ProfileDescription };
  if (profile.Latitude !== null && profile.Longitude !== null) loc.latlng = { latitude: profile.Latitude, longitude: profile.Longitude };
  if (profile.OpeningDate) {
    const [year, month, day] = profile.OpeningDate.split('-').map(Number) as [number, number, number];
    loc.openInfo = { status: 'OPEN', openingDate: { year, month, day } };
  }
  return loc;
}

/** Google field (update mask path) of each profile field Google holds; the others stay in Locus. */
const GOOGLE_FIELD_OF: Partial<Record<keyof LocationProfile, string>> = {
  Title: 'title',
  StoreCode: 'storeCode',
  PrimaryPhoneNumber: 'phoneNumbers',
  AdditionalPhoneNumbers: 'phoneNumbers',
  PrimaryCategory: 'categories',
  AdditionalCategories: 'categories',
  StreetAddressLine1: 'storefrontAddress',
  StreetAddressLine2: 'storefrontAddress',
  Region: 'storefrontAddress',
  State: 'storefrontAddress',
  Town: 'storefrontAddress',
  PostCode: 'storefrontAddress',
  Latitude: 'latlng',
  Longitude: 'latlng',
  Website: 'websiteUri',
  ProfileDescription: 'profile.description',
  OpeningDate: 'openInfo.openingDate',
};

export function googleUpdateMask(changed: readonly string[]): string[] {
  return [...new Set(changed.map((f) => GOOGLE_FIELD_OF[f as keyof LocationProfile]).filter((f): f is string => !!f))];
}

/** A recorded edit as far as Google's mask goes: the profile fields it changed, or the hours. */
export type RecordedEdit = { type: 'LocationUpdated'; changed: readonly string[] } | { type: string };

/**
 * The `updateMask` of the PATCH that carries recorded edits to Google: the Google fields of the
 * profile fields they changed, and `regularHours` for new hours; nothing else.
 */
export function googleEditMask(edits: readonly RecordedEdit[]): string[] {
  const changed = edits.flatMap((e) => ('changed' in e ? e.changed : []));
  return [...googleUpdateMask(changed), ...(edits.some((e) => e.type === 'LocationHoursUpdated') ? ['regularHours'] : [])];
}

// ---------- attributes ----------

const attributeName = (id: string) => `attributes/${id}`;
const languagesAttribute = attributeName(GOOGLE_LANGUAGES_ATTRIBUTE);

export function attributesFromGoogle(google: GoogleAttributes | undefined): { attributes: Record<string, boolean>; urls: Record<string, string> } {
  const attributes: Record<string, boolean> = {};
  const urls: Record<string, string> = {};
  const byName = new Map((google?.attributes ?? []).map((a) => [a.name, a]));
  for (const flag of LOCATION_ATTRIBUTE_FLAGS) {
    if (flag.google.kind === 'bool') {
      const v = byName.get(attributeName(flag.google.attribute))?.values?.[0];
      if (typeof v === 'boolean') attributes[flag.key] = v;
    } else {
      const r = byName.get(languagesAttribute)?.repeatedEnumValue;
      if (r?.setValues?.includes(flag.google.value)) attributes[flag.key] = true;
      else if (r?.unsetValues?.includes(flag.google.value)) attributes[flag.key] = false;
    }
  }
  for (const field of PLACE_PAGE_URL_FIELDS) {
    const uri = byName.get(attributeName(field.attribute))?.uriValues?.[0]?.uri;
    if (uri) urls[field.key] = uri;
  }
  return { attributes, urls };
}

/**
 * The PATCH for the attributes that changed: values for those now set, and names in the mask
 * alone for those now unset (Google removes them).
 */
export function googleAttributeChanges(
  before: { attributes: Record<string, boolean>; urls: Record<string, string> },
  after: { attributes: Record<string, boolean>; urls: Record<string, string> },
): { attributes: GoogleAttribute[]; mask: string[] } {
  const attributes: GoogleAttribute[] = [];
  const mask: string[] = [];
  let languagesChanged = false;
  for (const flag of LOCATION_ATTRIBUTE_FLAGS) {
    const was = before.attributes[flag.key];
    const now = after.attributes[flag.key];
    if (was === now) continue;
    if (flag.google.kind === 'language') {
      languagesChanged = true;
      continue;
    }
    const name = attributeName(flag.google.attribute);
    mask.push(name);
    if (now !== undefined) attributes.push({ name, valueType: 'BOOL', values: [now] });
  }
  if (languagesChanged) {
    mask.push(languagesAttribute);
    const setValues: string[] = [];
    const unsetValues: string[] = [];
    for (const flag of LOCATION_ATTRIBUTE_FLAGS) {
      if (flag.google.kind !== 'language') continue;
      const v = after.attributes[flag.key];
      if (v === true) setValues.push(flag.google.value);
      else if (v === false) unsetValues.push(flag.google.value);
    }
    if (setValues.length + unsetValues.length)
      attributes.push({ name: languagesAttribute, valueType: 'REPEATED_ENUM', repeatedEnumValue: { setValues, unsetValues } });
  }
  for (const field of PLACE_PAGE_URL_FIELDS) {
    const was = before.urls[field.key];
    const now = after.urls[field.key];
    if (was === now) continue;
    const name = attributeName(field.attribute);
    mask.push(name);
    if (now) attributes.push({ name, valueType: 'URL', uriValues: [{ uri: now }] });
  }
  return { attributes, mask };
}
