import { z } from 'zod';
import { ATTRIBUTE_FLAG_KEYS, CREATE_LOCATION_ATTRIBUTE_KEYS, PLACE_PAGE_URL_KEYS, type AttributeFlagKey, type PlacePageUrlKey } from './attributes';
import { optionalUrl, text } from './field-text';
import {
  AdditionalCategoriesSchema,
  AdditionalPhonesSchema,
  DescriptionSchema,
  KeywordsSchema,
  LatitudeSchema,
  LocalezeCategorySchema,
  LongitudeSchema,
  OpeningDateSchema,
  PostCodeSchema,
  PrimaryCategorySchema,
  PrimaryEmailSchema,
  PrimaryPhoneSchema,
  RegionSchema,
  StateCodeSchema,
  TollFreeNumberSchema,
  WebsiteSchema,
} from './fields';
import { BusinessHoursListSchema } from './hours';
import { locationMessages as m } from './messages';

const attributeFlagShape = Object.fromEntries(
  ATTRIBUTE_FLAG_KEYS.map((k) => [
    k,
    z
      .boolean({ error: `${k} must be true or false` })
      .nullable()
      .optional(),
  ]),
) as Record<AttributeFlagKey, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>;
const createAttributeShape = Object.fromEntries(
  CREATE_LOCATION_ATTRIBUTE_KEYS.map((k) => [k, z.boolean({ error: `${k} must be true or false` }).optional()]),
) as Record<(typeof CREATE_LOCATION_ATTRIBUTE_KEYS)[number], z.ZodOptional<z.ZodBoolean>>;

// ---------- create ----------

const filled = (v: string) => v !== '';

/**
 * What Google needs before a location can be created there, beyond the create dialog's enabling
 * rule: the same fields and messages the create schema enforces, checked again at publish for a
 * location saved before the rule existed.
 */
export function missingPublishFields(p: {
  StreetAddressLine1: string;
  State: string;
  Town: string;
  PostCode: string;
  OpeningDate: string | null;
}): { field: string; message: string }[] {
  const missing: { field: string; message: string }[] = [];
  if (!p.StreetAddressLine1.trim()) missing.push({ field: 'StreetAddressLine1', message: m.addressLineRequired });
  if (!p.State.trim()) missing.push({ field: 'State', message: m.stateRequired });
  if (!p.Town.trim()) missing.push({ field: 'Town', message: m.cityRequired });
  if (!p.PostCode.trim()) missing.push({ field: 'PostCode', message: m.postCodeRequired });
  if (!p.OpeningDate) missing.push({ field: 'OpeningDate', message: m.openingDateRequired });
  return missing;
}

/** Spec part 2 §3 "Location create request" (+ the connected account it is created under). */
export const CreateLocationFieldsSchema = z.object({
  /** The connected account (its Id, or its Name `accounts/<id>`). */
  AccountId: z.string({ error: m.accountRequired }).trim().min(1, m.accountRequired).max(200),
  Title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100, 'Title must be at most 100 characters'),
  ProfileDescription: DescriptionSchema.default(''),
  PrimaryPhoneNumber: PrimaryPhoneSchema,
  AdditionalPhoneNumbers: AdditionalPhonesSchema.default([]),
  PrimaryEmail: PrimaryEmailSchema.default(null),
  OwnerFirstName: text('OwnerFirstName', 100).default(''),
  OwnerLastName: text('OwnerLastName', 100).default(''),
  StoreCode: text('StoreCode', 64).default(''),
  // Google refuses a storefront without an address line, city, state or ZIP.
  StreetAddressLine1: text('StreetAddressLine1', 80).default('').refine(filled, m.addressLineRequired),
  StreetAddressLine2: text('StreetAddressLine2', 80).default(''),
  Region: RegionSchema,
  State: StateCodeSchema.default('').refine(filled, m.stateRequired),
  Town: text('Town', 100).default('').refine(filled, m.cityRequired),
  PostCode: PostCodeSchema.default('').refine(filled, m.postCodeRequired),
  Latitude: LatitudeSchema,
  Longitude: LongitudeSchema,
  Website: WebsiteSchema.default(''),
  OpeningDate: OpeningDateSchema.default(null).refine((v) => v !== null, m.openingDateRequired),
  PrimaryCategoryId: PrimaryCategorySchema,
  SelectedAdditionalCategories: AdditionalCategoriesSchema.default([]),
  LocationBusinessHours: BusinessHoursListSchema.default([]),
  ...createAttributeShape,
});
export type CreateLocationFields = z.infer<typeof CreateLocationFieldsSchema>;

export const CreateLocationBodySchema = z.object({
  /** The connection process the dialog was opened from (optional, informative). */
  ProcessId: z.string().trim().max(100).nullable().optional(),
  Location: CreateLocationFieldsSchema,
});
export type CreateLocationBody = z.infer<typeof CreateLocationBodySchema>;

// ---------- edit ----------

/**
 * Spec part 2 §3 "Location (edit)". Every field is optional: only the fields sent change.
 * Title is read-only (ignored). Latitude/Longitude come from the chosen city: when State or
 * Town changes to a known city the server sets them; otherwise the values sent (or kept) are used.
 */
export const UpdateLocationFieldsSchema = z.object({
  Id: z.string().optional(),
  Title: z.string().optional(),
  StoreCode: text('StoreCode', 64).optional(),
  LocaleTagline: text('LocaleTagline', 200).optional(),
  StreetAddressLine1: text('StreetAddressLine1', 80).optional(),
  StreetAddressLine2: text('StreetAddressLine2', 80).optional(),
  Town: text('Town', 100).optional(),
  State: StateCodeSchema.optional(),
  Region: RegionSchema.optional(),
  PostCode: PostCodeSchema.optional(),
  PrimaryPhoneNumber: PrimaryPhoneSchema.optional(),
  AdditionalPhoneNumbers: AdditionalPhonesSchema.optional(),
  TollFreeNumber: TollFreeNumberSchema.optional(),
  PrimaryEmail: PrimaryEmailSchema.optional(),
  OwnerFirstName: text('OwnerFirstName', 100).optional(),
  OwnerLastName: text('OwnerLastName', 100).optional(),
  Twitter: optionalUrl('Twitter').optional(),
  LinkedIn: optionalUrl('LinkedIn').optional(),
  Facebook: optionalUrl('Facebook').optional(),
  Yelp: optionalUrl('Yelp').optional(),
  Instagram: optionalUrl('Instagram').optional(),
  GooglePlus: optionalUrl('GooglePlus').optional(),
  Website: WebsiteSchema.optional(),
  PrimaryCategoryId: PrimaryCategorySchema.optional(),
  SelectedAdditionalCategories: AdditionalCategoriesSchema.optional(),
  SelectedLocaleZeCategories: z
    .array(LocalezeCategorySchema, { error: 'SelectedLocaleZeCategories must be a list of { Id, Name }' })
    .max(20, 'At most 20 Localeze categories')
    .optional(),
  LocaleZeKeyWords: KeywordsSchema.optional(),
  LocalezeListingId: z
    .string({ error: 'LocalezeListingId must be text' })
    .trim()
    .regex(/^(\d{4,12})?$/, 'LocalezeListingId must be 4 to 12 digits')
    .nullable()
    .optional(),
  ProfileDescription: DescriptionSchema.optional(),
  LocationProfileMedia: optionalUrl('LocationProfileMedia').nullable().optional(),
  LocationCoverMedia: optionalUrl('LocationCoverMedia').nullable().optional(),
  Latitude: LatitudeSchema.nullable().optional(),
  Longitude: LongitudeSchema.nullable().optional(),
  OpeningDate: OpeningDateSchema.optional(),
  LocationBusinessHours: BusinessHoursListSchema.optional(),
});
export type UpdateLocationFields = z.infer<typeof UpdateLocationFieldsSchema>;

/** The edit dialog posts the location itself; `{ Location: {...} }` is accepted too. */
export const UpdateLocationBodySchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'Location' in v && typeof (v as { Location: unknown }).Location === 'object' ? (v as { Location: unknown }).Location : v,
  UpdateLocationFieldsSchema,
);

// ---------- hours, attributes ----------

/** POST /api/gmb/:id/regularHours — closed days may be sent with IsOpen false or left out. */
export const RegularHoursBodySchema = z.object({ Periods: BusinessHoursListSchema });

export const AttributeFlagsSchema = z.object(attributeFlagShape);
export const PlacePageUrlsSchema = z.object(
  Object.fromEntries(PLACE_PAGE_URL_KEYS.map((k) => [k, optionalUrl(k).nullable().optional()])) as Record<
    PlacePageUrlKey,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);
/** Changes the attributes named: a flag true or false sets it, null unsets it; an empty or null URL removes it; what is left out keeps its value. */
export const UpdateAttributesBodySchema = z.object({
  Attributes: AttributeFlagsSchema.default({}),
  PlacePageUrls: PlacePageUrlsSchema.default({}),
});
export type UpdateAttributesBody = z.infer<typeof UpdateAttributesBodySchema>;

export const LocationAttributesSchema = z.object({
  Attributes: z.record(z.string(), z.boolean()),
  PlacePageUrls: z.record(z.string(), z.string()),
  /** The flags and URL fields that exist (labels and groups for the dialog). */
  Flags: z.array(z.object({ Key: z.string(), Label: z.string(), Group: z.string() })),
  UrlFields: z.array(z.object({ Key: z.string(), Label: z.string() })),
});
