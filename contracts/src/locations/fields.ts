import { z } from 'zod';
import { characterCount } from '../google-limits';
import { text } from './field-text';
import { COUNTRY_CODE, DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, MAX_ADDITIONAL_PHONES, locationMessages as m } from './messages';

// ---------- field schemas ----------

/** US phone numbers: 10 digits, optionally with +1 / 1, and the usual punctuation. */
export function isUsPhoneNumber(value: string): boolean {
  if (!/^[+\d\s().-]+$/.test(value)) return false;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 && /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
}

const phone = (field: string) => text(field, 30).refine((v) => v === '' || isUsPhoneNumber(v), `${field} must be a valid US phone number, e.g. (212) 555-0134`);

export const PrimaryPhoneSchema = z
  .string({ error: m.primaryPhoneRequired })
  .trim()
  .min(1, { message: m.primaryPhoneRequired, abort: true })
  .max(30, 'PrimaryPhoneNumber must be at most 30 characters')
  .refine(isUsPhoneNumber, 'PrimaryPhoneNumber must be a valid US phone number, e.g. (212) 555-0134');

export const TollFreeNumberSchema = phone('TollFreeNumber');

/** Blank rows are dropped (the phones dialog keeps at least one, possibly empty, row). */
export const AdditionalPhonesSchema = z
  .array(z.string({ error: 'AdditionalPhoneNumbers must be a list of phone numbers' }), { error: 'AdditionalPhoneNumbers must be a list of phone numbers' })
  .transform((list) => list.map((p) => p.trim()).filter((p) => p !== ''))
  .pipe(z.array(phone('AdditionalPhoneNumbers')).max(MAX_ADDITIONAL_PHONES, `At most ${MAX_ADDITIONAL_PHONES} additional phone numbers are allowed`));

/** Empty primary email is sent as null (spec part 2 §5). */
export const PrimaryEmailSchema = z
  .union([z.string({ error: 'PrimaryEmail must be text' }), z.null()])
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .pipe(z.union([z.null(), z.email({ error: 'PrimaryEmail is not a valid email address' }).max(254, 'PrimaryEmail is too long')]));

export const WebsiteSchema = text('Website', 2048).refine((v) => {
  if (v === '') return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname.includes('.') || u.hostname === 'localhost');
  } catch {
    return false;
  }
}, 'Website must be a valid http(s) URL');

/** Accepts `categories/gcid:x` or `gcid:x`; stored as `categories/gcid:x`. */
export const normalizeCategoryName = (name: string) => (name.startsWith('categories/') ? name : `categories/${name}`);

const CategoryNameSchema = (field: string) =>
  z
    .string({ error: `${field} must be a category name` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(200, `${field} is too long`)
    .regex(/^(categories\/)?gcid:[A-Za-z0-9_]+$/, `${field} must be a Google category name such as categories/gcid:dentist`)
    .transform(normalizeCategoryName);

export const PrimaryCategorySchema = z
  .string({ error: m.primaryCategoryRequired })
  .trim()
  .min(1, m.primaryCategoryRequired)
  .pipe(CategoryNameSchema('PrimaryCategoryId'));

/** Names, or `{ Name }` objects as the category pickers hold them. */
export const AdditionalCategoriesSchema = z
  .array(
    z.preprocess((v) => (v && typeof v === 'object' && 'Name' in v ? (v as { Name: unknown }).Name : v), CategoryNameSchema('SelectedAdditionalCategories')),
    { error: 'SelectedAdditionalCategories must be a list of category names' },
  )
  .max(MAX_ADDITIONAL_CATEGORIES, `At most ${MAX_ADDITIONAL_CATEGORIES} additional categories are allowed`)
  .transform((list) => [...new Set(list)]);

export const StateCodeSchema = z
  .string({ error: 'State must be a state code' })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), 'State must be a two-letter US state code');

export const PostCodeSchema = text('PostCode', 10).refine(
  (v) => v === '' || /^\d{5}(-\d{4})?$/.test(v),
  'Postal Code must be a US ZIP code (12345 or 12345-6789)',
);

export const RegionSchema = z
  .string({ error: m.countryRequired })
  .trim()
  .toUpperCase()
  .min(1, m.countryRequired)
  .refine((v) => v === COUNTRY_CODE || v === 'UNITED STATES', m.countryUsOnly)
  .transform(() => COUNTRY_CODE);

/** A number, or its text; empty text and null count as missing. */
const coordinate = (field: string, max: number, requiredMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: requiredMessage })
      .refine((n) => Number.isFinite(n), { message: requiredMessage, abort: true })
      .refine((n) => n >= -max && n <= max, `${field} must be between -${max} and ${max}`),
  );
export const LatitudeSchema = coordinate('Latitude', 90, m.latitudeRequired);
export const LongitudeSchema = coordinate('Longitude', 180, m.longitudeRequired);

/** 'YYYY-MM-DD' (an ISO date-time keeps its date part); empty → null. */
export const OpeningDateSchema = z
  .union([z.string({ error: 'OpeningDate must be a date' }), z.null()])
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim().slice(0, 10)))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), 'OpeningDate must be a date (YYYY-MM-DD)');

/** Google counts a description in characters (an emoji is one), not UTF-16 units. */
export const DescriptionSchema = z
  .string({ error: 'ProfileDescription must be text' })
  .trim()
  .refine((v) => characterCount(v) <= DESCRIPTION_MAX_LENGTH, m.descriptionTooLong);

/** Keywords: trimmed, empty ignored, duplicates (case-insensitive) ignored. */
export const KeywordsSchema = z
  .array(z.string({ error: 'LocaleZeKeyWords must be a list of words' }).max(100, 'A keyword must be at most 100 characters'), {
    error: 'LocaleZeKeyWords must be a list of words',
  })
  .max(100, 'At most 100 keywords')
  .transform((list) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const k of list.map((x) => x.trim()).filter(Boolean)) {
      if (seen.has(k.toLowerCase())) continue;
      seen.add(k.toLowerCase());
      out.push(k);
    }
    return out;
  });

export const LocalezeCategorySchema = z.object({
  Id: z.union([z.string(), z.number()]).transform(String),
  Name: z.string({ error: 'Localeze category Name must be text' }).trim().min(1, 'Localeze category Name is required').max(200),
});
export type LocalezeCategory = z.infer<typeof LocalezeCategorySchema>;
