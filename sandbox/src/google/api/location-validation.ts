import { findCategory } from '../data/catalog';
import { invalidArgument, type FieldViolation } from '../errors';
import { cityCoordinates, distanceKm, isUsStateCode } from '../seed/geo';
import type { Json, JsonObject } from '../state';

export const LOCATION_FIELDS = [
  'name',
  'languageCode',
  'storeCode',
  'title',
  'phoneNumbers',
  'categories',
  'storefrontAddress',
  'websiteUri',
  'regularHours',
  'specialHours',
  'serviceArea',
  'labels',
  'adWordsLocationExtensions',
  'latlng',
  'openInfo',
  'metadata',
  'profile',
  'relationshipData',
  'moreHours',
  'serviceItems',
] as const;
export const OUTPUT_ONLY_FIELDS = ['name', 'metadata'];
export const UPDATABLE_FIELDS = LOCATION_FIELDS.filter((f) => !OUTPUT_ONLY_FIELDS.includes(f));

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const OPEN_STATUSES = ['OPEN', 'CLOSED_PERMANENTLY', 'CLOSED_TEMPORARILY'];

const isObj = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: Json | undefined) => (typeof v === 'string' ? v : undefined);

/** Rejects unknown JSON names the way Google's JSON transcoding does. */
export function assertKnownFields(body: JsonObject, where = 'location') {
  for (const key of Object.keys(body)) {
    if (!(LOCATION_FIELDS as readonly string[]).includes(key)) {
      throw invalidArgument(`Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`, [
        { field: key, description: `Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.` },
      ]);
    }
  }
}

/** US numbers: 10 digits (optionally +1/1), area code and exchange not starting with 0 or 1. */
export function isValidUsPhone(phone: string): boolean {
  if (!/^[+\d\s().-]+$/.test(phone)) return false;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 && /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
}

export function isValidHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname.includes('.') || u.hostname === 'localhost');
  } catch {
    return false;
  }
}

function timeMinutes(t: Json | undefined): number | undefined {
  if (t === undefined) return 0;
  if (!isObj(t)) return undefined;
  const h = t.hours ?? 0,
    m = t.minutes ?? 0;
  if (typeof h !== 'number' || typeof m !== 'number' || !Number.isInteger(h) || !Number.isInteger(m)) return undefined;
  if (h < 0 || h > 24 || m < 0 || m > 59 || (h === 24 && m !== 0)) return undefined;
  return h * 60 + m;
}

function validDate(d: Json | undefined): Date | undefined {
  if (!isObj(d)) return undefined;
  const { year, month, day } = d;
  if (typeof year !== 'number' || typeof month !== 'number') return undefined;
  const dd = typeof day === 'number' ? day : 1;
  const date = new Date(Date.UTC(year, month - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dd) return undefined;
  return date;
}

/**
 * The checks Google applies to a Location on create and update (a practical subset).
 * Returns one violation per broken rule, naming the field as a camelCase path.
 */
export function validateLocation(loc: JsonObject, now: number): FieldViolation[] {
  const v: FieldViolation[] = [];
  const add = (field: string, reason: string, description: string, value?: Json) =>
    v.push({ field, reason, description, ...(value !== undefined ? { value: typeof value === 'string' ? value : JSON.stringify(value) } : {}) });

  const title = str(loc.title);
  if (!title || !title.trim()) add('title', 'REQUIRED_FIELD_MISSING', 'Title is required.');
  else if (title.length > 100) add('title', 'STRING_TOO_LONG', 'Title must be at most 100 characters.', title);
  else if (/https?:\/\//i.test(title)) add('title', 'FORBIDDEN_WORDS', 'Title must not contain a URL.', title);

  if (loc.storeCode !== undefined && (typeof loc.storeCode !== 'string' || loc.storeCode.length > 64)) {
    add('storeCode', 'STRING_TOO_LONG', 'Store code must be a string of at most 64 characters.', loc.storeCode);
  }
  if (loc.languageCode !== undefined && (typeof loc.languageCode !== 'string' || !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(loc.languageCode))) {
    add('languageCode', 'INVALID_LANGUAGE', 'Language code must be a BCP 47 code such as "en".', loc.languageCode);
  }

  const phones = loc.phoneNumbers;
  if (phones !== undefined) {
    if (!isObj(phones)) add('phoneNumbers', 'INVALID_PHONE_NUMBER', 'Phone numbers must be an object.');
    else {
      const primary = phones.primaryPhone;
      if (primary !== undefined && primary !== '' && (typeof primary !== 'string' || !isValidUsPhone(primary))) {
        add('phoneNumbers.primaryPhone', 'INVALID_PHONE_NUMBER', `"${String(primary)}" is not a valid US phone number.`, primary);
      }
      const extra = phones.additionalPhones;
      if (extra !== undefined) {
        if (!Array.isArray(extra)) add('phoneNumbers.additionalPhones', 'INVALID_PHONE_NUMBER', 'Additional phones must be a list.');
        else {
          if (extra.length > 2) add('phoneNumbers.additionalPhones', 'TOO_MANY_VALUES', 'At most 2 additional phone numbers are allowed.');
          extra.forEach((p, i) => {
            if (typeof p !== 'string' || !isValidUsPhone(p))
              add(`phoneNumbers.additionalPhones[${i}]`, 'INVALID_PHONE_NUMBER', `"${String(p)}" is not a valid US phone number.`, p);
          });
        }
      }
    }
  }

  const cats = loc.categories;
  const primaryName = isObj(cats) && isObj(cats.primaryCategory) ? str(cats.primaryCategory.name) : undefined;
  if (!primaryName) add('categories.primaryCategory', 'REQUIRED_FIELD_MISSING', 'A primary category is required.');
  else if (!findCategory(primaryName)) add('categories.primaryCategory.name', 'INVALID_CATEGORY', `"${primaryName}" is not a known category.`, primaryName);
  if (isObj(cats) && cats.additionalCategories !== undefined) {
    const extra = cats.additionalCategories;
    if (!Array.isArray(extra)) add('categories.additionalCategories', 'INVALID_CATEGORY', 'Additional categories must be a list.');
    else {
      if (extra.length > 9) add('categories.additionalCategories', 'TOO_MANY_VALUES', 'At most 9 additional categories are allowed.');
      const seen = new Set<string>(primaryName ? [primaryName.replace(/^categories\//, '')] : []);
      extra.forEach((c, i) => {
        const n = isObj(c) ? str(c.name) : undefined;
        if (!n || !findCategory(n))
          add(`categories.additionalCategories[${i}].name`, 'INVALID_CATEGORY', `"${String(n ?? '')}" is not a known category.`, n ?? '');
        else if (seen.has(n.replace(/^categories\//, '')))
          add(`categories.additionalCategories[${i}].name`, 'DUPLICATE_VALUES', `Category "${n}" is listed twice.`, n);
        else seen.add(n.replace(/^categories\//, ''));
      });
    }
  }

  const addr = loc.storefrontAddress;
  if (addr === undefined || addr === null) {
    if (loc.serviceArea === undefined) add('storefrontAddress', 'MISSING_STOREFRONT_ADDRESS_OR_SAB', 'A storefront address or a service area is required.');
  } else if (!isObj(addr)) add('storefrontAddress', 'INVALID_ADDRESS', 'Address must be an object.');
  else {
    const region = str(addr.regionCode);
    if (region !== 'US') add('storefrontAddress.regionCode', 'INVALID_ADDRESS', `Region "${region ?? ''}" is not supported; use "US".`, region ?? '');
    const lines = Array.isArray(addr.addressLines) ? addr.addressLines : [];
    if (!lines.some((l) => typeof l === 'string' && l.trim()))
      add('storefrontAddress.addressLines', 'INVALID_ADDRESS', 'At least one address line is required.');
    lines.forEach((l, i) => {
      if (typeof l !== 'string') add(`storefrontAddress.addressLines[${i}]`, 'INVALID_ADDRESS', 'Address lines must be text.');
      else if (l.length > 80) add(`storefrontAddress.addressLines[${i}]`, 'STRING_TOO_LONG', 'Address lines must be at most 80 characters.', l);
      else if (/\bp\.?\s*o\.?\s*box\b/i.test(l))
        add(`storefrontAddress.addressLines[${i}]`, 'PO_BOX_IN_ADDRESS_NOT_ALLOWED', 'PO box cannot be used in address.', l);
    });
    if (!str(addr.locality)?.trim()) add('storefrontAddress.locality', 'INVALID_ADDRESS', 'City (locality) is required.');
    const state = str(addr.administrativeArea);
    if (!state || !isUsStateCode(state))
      add('storefrontAddress.administrativeArea', 'INVALID_ADDRESS', `"${state ?? ''}" is not a US state code.`, state ?? '');
    const zip = str(addr.postalCode);
    if (!zip || !/^\d{5}(-\d{4})?$/.test(zip)) add('storefrontAddress.postalCode', 'INVALID_ADDRESS', `"${zip ?? ''}" is not a valid US ZIP code.`, zip ?? '');
  }

  const site = loc.websiteUri;
  if (site !== undefined && site !== '' && (typeof site !== 'string' || !isValidHttpUrl(site))) {
    add('websiteUri', 'INVALID_URL', `"${String(site)}" is not a valid http(s) URL.`, site);
  }

  const hours = loc.regularHours;
  if (hours !== undefined) {
    const periods = isObj(hours) ? hours.periods : undefined;
    if (!Array.isArray(periods)) add('regularHours.periods', 'INVALID_TIME_SCHEDULE', 'Regular hours need a list of periods.');
    else
      periods.forEach((p, i) => {
        const f = `regularHours.periods[${i}]`;
        if (!isObj(p)) return add(f, 'INVALID_TIME_SCHEDULE', 'Each period must be an object.');
        if (!DAYS.includes(String(p.openDay))) add(`${f}.openDay`, 'INVALID_TIME_SCHEDULE', `"${String(p.openDay)}" is not a day of the week.`);
        if (!DAYS.includes(String(p.closeDay))) add(`${f}.closeDay`, 'INVALID_TIME_SCHEDULE', `"${String(p.closeDay)}" is not a day of the week.`);
        const open = timeMinutes(p.openTime),
          close = timeMinutes(p.closeTime);
        if (open === undefined) add(`${f}.openTime`, 'INVALID_TIME_SCHEDULE', 'Open time must have hours 0-24 and minutes 0-59.');
        if (close === undefined) add(`${f}.closeTime`, 'INVALID_TIME_SCHEDULE', 'Close time must have hours 0-24 and minutes 0-59.');
        if (open !== undefined && close !== undefined && p.openDay === p.closeDay && close <= open && !(close === 0)) {
          add(`${f}.closeTime`, 'INVALID_TIME_SCHEDULE', 'Close time must be after open time on the same day.');
        }
      });
  }

  const desc = isObj(loc.profile) ? loc.profile.description : undefined;
  if (desc !== undefined && (typeof desc !== 'string' || desc.length > 750)) {
    add('profile.description', 'STRING_TOO_LONG', 'Description must be at most 750 characters.');
  }

  const ll = loc.latlng;
  if (ll !== undefined) {
    const lat = isObj(ll) ? ll.latitude : undefined,
      lng = isObj(ll) ? ll.longitude : undefined;
    if (typeof lat !== 'number' || lat < -90 || lat > 90) add('latlng.latitude', 'INVALID_LATLNG', 'Latitude must be between -90 and 90.');
    if (typeof lng !== 'number' || lng < -180 || lng > 180) add('latlng.longitude', 'INVALID_LATLNG', 'Longitude must be between -180 and 180.');
    if (typeof lat === 'number' && typeof lng === 'number' && isObj(addr) && str(addr.administrativeArea) && str(addr.locality)) {
      const city = cityCoordinates(str(addr.administrativeArea)!, str(addr.locality)!);
      if (city && distanceKm(city, { latitude: lat, longitude: lng }) > 150) {
        add('latlng', 'LAT_LNG_TOO_FAR_FROM_ADDRESS', 'The latitude/longitude and address pair are too far apart.');
      }
    }
  }

  const open = loc.openInfo;
  if (open !== undefined) {
    if (!isObj(open)) add('openInfo', 'INVALID_ARGUMENT', 'openInfo must be an object.');
    else {
      if (open.status !== undefined && !OPEN_STATUSES.includes(String(open.status)))
        add('openInfo.status', 'INVALID_ARGUMENT', `"${String(open.status)}" is not an open status.`);
      if (open.openingDate !== undefined) {
        const d = validDate(open.openingDate);
        if (!d) add('openInfo.openingDate', 'INVALID_BUSINESS_OPENING_DATE', 'Opening date is not a valid date.');
        else if (d.getTime() > now + 365 * 86_400_000)
          add('openInfo.openingDate', 'INVALID_BUSINESS_OPENING_DATE', 'Opening date cannot be more than one year in the future.');
      }
    }
  }

  if (loc.labels !== undefined) {
    if (!Array.isArray(loc.labels) || loc.labels.length > 10 || loc.labels.some((l) => typeof l !== 'string' || l.length > 50)) {
      add('labels', 'INVALID_ARGUMENT', 'Up to 10 labels of at most 50 characters each.');
    }
  }
  return v;
}

/** Drops output-only fields and normalises category names to `categories/gcid:...`. */
export function normaliseLocationInput(body: JsonObject): JsonObject {
  const loc = structuredClone(body);
  for (const f of OUTPUT_ONLY_FIELDS) delete loc[f];
  const cats = loc.categories;
  if (isObj(cats)) {
    const norm = (c: Json): Json => {
      if (!isObj(c) || typeof c.name !== 'string') return c;
      const found = findCategory(c.name);
      return found ? { name: found.name, displayName: found.displayName } : { name: c.name };
    };
    if (cats.primaryCategory !== undefined) cats.primaryCategory = norm(cats.primaryCategory);
    if (Array.isArray(cats.additionalCategories)) cats.additionalCategories = cats.additionalCategories.map(norm);
  }
  return loc;
}
