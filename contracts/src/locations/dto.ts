import { z } from 'zod';
import { ATTRIBUTE_FLAG_KEYS, CREATE_LOCATION_ATTRIBUTE_KEYS, PLACE_PAGE_URL_KEYS, type AttributeFlagKey, type PlacePageUrlKey } from './attributes';
import { BusinessHoursListSchema } from './hours';
import {
  COUNTRY_CODE,
  DESCRIPTION_MAX_LENGTH,
  DIRECTORY_SORT_FIELDS,
  LOCATIONS_PAGE_SIZE,
  MAX_ADDITIONAL_CATEGORIES,
  MAX_ADDITIONAL_PHONES,
  USER_LOCATIONS_PAGE_SIZE,
  locationMessages as m,
} from './messages';

// ---------- field schemas ----------

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`);

/** US phone numbers: 10 digits, optionally with +1 / 1, and the usual punctuation. */
export function isUsPhoneNumber(value: string): boolean {
  if (!/^[+\d\s().-]+$/.test(value)) return false;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 && /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
}

const phone = (field: string) =>
  text(field, 30).refine((v) => v === '' || isUsPhoneNumber(v), `${field} must be a valid US phone number, e.g. (212) 555-0134`);

export const PrimaryPhoneSchema = z
  .string({ error: m.primaryPhoneRequired })
  .trim()
  .min(1, { message: m.primaryPhoneRequired, abort: true })
  .max(30, 'PrimaryPhoneNumber must be at most 30 characters')
  .refine(isUsPhoneNumber, 'PrimaryPhoneNumber must be a valid US phone number, e.g. (212) 555-0134');

/** Blank rows are dropped (the phones dialog keeps at least one, possibly empty, row). */
export const AdditionalPhonesSchema = z
  .array(z.string({ error: 'AdditionalPhoneNumbers must be a list of phone numbers' }), { error: 'AdditionalPhoneNumbers must be a list of phone numbers' })
  .transform((list) => list.map((p) => p.trim()).filter((p) => p !== ''))
  .pipe(
    z
      .array(phone('AdditionalPhoneNumbers'))
      .max(MAX_ADDITIONAL_PHONES, `At most ${MAX_ADDITIONAL_PHONES} additional phone numbers are allowed`),
  );

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

const optionalUrl = (field: string) =>
  text(field, 2048).refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, `${field} must be a valid http(s) URL`);

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
    z.preprocess(
      (v) => (v && typeof v === 'object' && 'Name' in v ? (v as { Name: unknown }).Name : v),
      CategoryNameSchema('SelectedAdditionalCategories'),
    ),
    { error: 'SelectedAdditionalCategories must be a list of category names' },
  )
  .max(MAX_ADDITIONAL_CATEGORIES, `At most ${MAX_ADDITIONAL_CATEGORIES} additional categories are allowed`)
  .transform((list) => [...new Set(list)]);

export const StateCodeSchema = z
  .string({ error: 'State must be a state code' })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), 'State must be a two-letter US state code');

export const PostCodeSchema = text('PostCode', 10).refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'PostCode must be a US ZIP code (12345 or 12345-6789)');

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

export const DescriptionSchema = z.string({ error: 'ProfileDescription must be text' }).trim().max(DESCRIPTION_MAX_LENGTH, m.descriptionTooLong);

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

const attributeFlagShape = Object.fromEntries(
  ATTRIBUTE_FLAG_KEYS.map((k) => [k, z.boolean({ error: `${k} must be true or false` }).nullable().optional()]),
) as Record<AttributeFlagKey, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>;
const createAttributeShape = Object.fromEntries(
  CREATE_LOCATION_ATTRIBUTE_KEYS.map((k) => [k, z.boolean({ error: `${k} must be true or false` }).optional()]),
) as Record<(typeof CREATE_LOCATION_ATTRIBUTE_KEYS)[number], z.ZodOptional<z.ZodBoolean>>;

// ---------- create ----------

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
  StreetAddressLine1: text('StreetAddressLine1', 80).default(''),
  StreetAddressLine2: text('StreetAddressLine2', 80).default(''),
  Region: RegionSchema,
  State: StateCodeSchema.default(''),
  Town: text('Town', 100).default(''),
  PostCode: PostCodeSchema.default(''),
  Latitude: LatitudeSchema,
  Longitude: LongitudeSchema,
  Website: WebsiteSchema.default(''),
  OpeningDate: OpeningDateSchema.default(null),
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
 * Title is read-only (ignored). Latitude/Longitude come from the chosen city: when State and
 * Town name a known city the server sets them; otherwise the values sent (or kept) are used.
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
  TollFreeNumber: phone('TollFreeNumber').optional(),
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
  SelectedLocaleZeCategories: z.array(LocalezeCategorySchema, { error: 'SelectedLocaleZeCategories must be a list of { Id, Name }' }).max(20, 'At most 20 Localeze categories').optional(),
  LocaleZeKeyWords: KeywordsSchema.optional(),
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
  (v) => (v && typeof v === 'object' && 'Location' in v && typeof (v as { Location: unknown }).Location === 'object' ? (v as { Location: unknown }).Location : v),
  UpdateLocationFieldsSchema,
);

// ---------- hours, attributes ----------

/** POST /api/gmb/:id/regularHours — closed days may be sent with IsOpen false or left out. */
export const RegularHoursBodySchema = z.object({ Periods: BusinessHoursListSchema });

export const AttributeFlagsSchema = z.object(attributeFlagShape);
export const PlacePageUrlsSchema = z.object(
  Object.fromEntries(PLACE_PAGE_URL_KEYS.map((k) => [k, optionalUrl(k).nullable().optional()])) as Record<PlacePageUrlKey, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
);
/** Replaces the attributes: a flag left out (or null) is unset; an empty URL removes it. */
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

// ---------- directory ----------

/** PrimeNG-style lazy-load state (spec FilteringData). Unknown keys are ignored. */
export const FilteringDataSchema = z.object({
  first: z.coerce.number({ error: 'first must be a number' }).int('first must be a whole number').min(0, 'first must be at least 0').default(0),
  rows: z.coerce
    .number({ error: 'rows must be a number' })
    .int('rows must be a whole number')
    .min(1, 'rows must be at least 1')
    .max(100, 'rows must be at most 100')
    .default(LOCATIONS_PAGE_SIZE),
  sortField: z
    .enum(DIRECTORY_SORT_FIELDS, { error: `sortField must be one of ${DIRECTORY_SORT_FIELDS.join(', ')}` })
    .nullable()
    .optional()
    .transform((v) => v ?? 'StoreCode'),
  sortOrder: z
    .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: 'sortOrder must be 1 or -1' })
    .nullable()
    .optional()
    .transform((v) => (v === -1 || v === '-1' ? -1 : 1) as 1 | -1),
  globalFilter: z
    .string({ error: 'globalFilter must be text' })
    .max(200, 'globalFilter must be at most 200 characters')
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim()),
  /** Restricts to one connected account (route /{accountId}/locations). */
  AccountId: z.string().trim().max(200).nullable().optional(),
});
export type FilteringData = z.infer<typeof FilteringDataSchema>;

export const OpenStatusSchema = z.enum(['Published', 'Unpublished', 'ClosedTemporarily', 'ClosedPermanently']);
export type OpenStatus = z.infer<typeof OpenStatusSchema>;

export const PrimaryOwnerSchema = z.object({ Id: z.string(), Name: z.string() });

/** A directory row (spec: List row + Location row). */
export const LocationRowSchema = z.object({
  Id: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  ThumbnailUrl: z.string().nullable(),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Town: z.string(),
  State: z.string(),
  PostCode: z.string(),
  PrimaryPhoneNumber: z.string(),
  /** Average star rating, two decimals; null without reviews. */
  TotalRating: z.number().nullable(),
  TotalRatingsCount: z.number().int(),
  OpenStatus: OpenStatusSchema,
  CanReopen: z.boolean(),
  CanDeleteUsingApi: z.boolean(),
  IsPublishedOnGMB: z.boolean(),
  /** ISO date-time of the last sync with Google; null if never. */
  LastSyncDate: z.string().nullable(),
  /** Google's name `locations/<id>` once published; null before. */
  LocationName: z.string().nullable(),
  PrimaryOwner: PrimaryOwnerSchema.nullable(),
  /** The caller's own link to this location, if any. */
  UserLocationId: z.string().nullable(),
  AccountId: z.string(),
  AccountName: z.string(),
  /** The last Google push failed: its message (visible until the next success). */
  GoogleError: z.string().nullable(),
});
export type LocationRow = z.infer<typeof LocationRowSchema>;

export const LocationsSummaryResponseSchema = z.object({
  Success: z.literal(true),
  data: z.array(LocationRowSchema),
  totalResultsCount: z.number().int(),
  filteredResultsCount: z.number().int(),
});
export type LocationsSummaryResponse = z.infer<typeof LocationsSummaryResponseSchema>;

// ---------- details ----------

export const CategorySchema = z.object({ Name: z.string(), DisplayName: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const BusinessHoursOutSchema = z.object({
  OpenDay: z.string(),
  CloseDay: z.string(),
  IsOpen: z.boolean(),
  OpenTimeHours: z.number().int(),
  OpenTimeMinutes: z.number().int(),
  CloseTimeHours: z.number().int(),
  CloseTimeMinutes: z.number().int(),
});

/** Spec part 1 §3 Location + part 2 §3 Location (edit) and (details). */
export const LocationDetailsSchema = z.object({
  Id: z.string(),
  AccountId: z.string(),
  AccountName: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  ThumbnailUrl: z.string().nullable(),
  TotalRating: z.number().nullable(),
  TotalRatingsCount: z.number().int(),
  PrimaryPhoneNumber: z.string(),
  AdditionalPhoneNumbers: z.array(z.string()),
  TollFreeNumber: z.string(),
  PrimaryEmail: z.string().nullable(),
  OwnerFirstName: z.string(),
  OwnerLastName: z.string(),
  LocaleTagline: z.string(),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Town: z.string(),
  State: z.string(),
  Region: z.string(),
  PostCode: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  Website: z.string(),
  ProfileDescription: z.string(),
  OpeningDate: z.string().nullable(),
  PrimaryCategoryId: z.string().nullable(),
  PrimaryCategory: CategorySchema.nullable(),
  /** Category names (as sent by the edit dialog). */
  SelectedAdditionalCategories: z.array(z.string()),
  AdditionalCategories: z.array(CategorySchema),
  SelectedLocaleZeCategories: z.array(z.object({ Id: z.string(), Name: z.string() })),
  LocaleZeKeyWords: z.array(z.string()),
  Twitter: z.string(),
  LinkedIn: z.string(),
  Facebook: z.string(),
  Yelp: z.string(),
  Instagram: z.string(),
  GooglePlus: z.string(),
  LocationProfileMedia: z.string().nullable(),
  LocationCoverMedia: z.string().nullable(),
  LocationBusinessHours: z.array(BusinessHoursOutSchema),
  Attributes: z.record(z.string(), z.boolean()),
  PlacePageUrls: z.record(z.string(), z.string()),
  IsPublishedOnGMB: z.boolean(),
  LocationName: z.string().nullable(),
  FullyQualifiedName: z.string().nullable(),
  MapsUri: z.string().nullable(),
  PlaceId: z.string().nullable(),
  LocalezeListingId: z.string().nullable(),
  OpenStatus: OpenStatusSchema,
  CanReopen: z.boolean(),
  CanDeleteUsingApi: z.boolean(),
  LastSyncDate: z.string().nullable(),
  CreatedDate: z.string(),
  PrimaryOwner: PrimaryOwnerSchema.nullable(),
  /** Google pushes: edits waiting for Google, and the last error (null after a success). */
  PendingGoogleEdits: z.number().int(),
  GoogleError: z.string().nullable(),
  GoogleErrorAt: z.string().nullable(),
});
export type LocationDetails = z.infer<typeof LocationDetailsSchema>;

// ---------- pickers, states ----------

export const LocationItemSchema = z.object({ Title: z.string(), LocationId: z.string(), StoreCode: z.string() });
export const StateSchema = z.object({ Name: z.string(), StateCode: z.string() });
export const CitySchema = z.object({ Name: z.string(), Latitude: z.number(), Longitude: z.number() });

// ---------- user-location assignment ----------

/** Spec: Assignment payload. Location Owner = IsStaffMember false (primary or co-owner); Location User = IsStaffMember true. */
export const AssignLocationBodySchema = z
  .object({
    UserId: z.string({ error: 'UserId is required' }).trim().min(1, 'UserId is required').max(100),
    LocationId: z.string({ error: m.locationRequired }).trim().min(1, m.locationRequired).max(100),
    IsPrimaryOwner: z.boolean({ error: 'IsPrimaryOwner must be true or false' }).default(false),
    IsStaffMember: z.boolean({ error: 'IsStaffMember must be true or false' }).default(false),
  })
  .refine((b) => !(b.IsPrimaryOwner && b.IsStaffMember), { path: ['IsPrimaryOwner'], message: m.staffCannotBePrimary });
export type AssignLocationBody = z.infer<typeof AssignLocationBodySchema>;

/** Spec: User location link (Associated Locations panel row). */
export const UserLocationLinkSchema = z.object({
  RowId: z.string(),
  UserId: z.string(),
  Location: z.object({
    Id: z.string(),
    Title: z.string(),
    ThumbnailUrl: z.string().nullable(),
    StreetAddressLine1: z.string(),
    StreetAddressLine2: z.string(),
  }),
  IsPrimaryOwner: z.boolean(),
  IsStaffMember: z.boolean(),
  /** 'Primary' | 'Co-owner' | 'Staff Member' */
  Badge: z.string(),
  /** ISO date (Associated on). */
  CreatedDate: z.string(),
});
export type UserLocationLink = z.infer<typeof UserLocationLinkSchema>;

export const UserLocationsQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be an integer').min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be at least 1')
    .max(100, 'pageSize must be at most 100')
    .default(USER_LOCATIONS_PAGE_SIZE),
});

/** A user linked to a location (location's Users dialog). */
export const LocationUserSchema = z.object({
  UserId: z.string(),
  Name: z.string(),
  Email: z.string(),
  IsPrimaryOwner: z.boolean(),
  IsStaffMember: z.boolean(),
  Badge: z.string(),
  CreatedDate: z.string(),
});

/** Spec: Location association (Users dialog on location details). Only the parts whose Update flag is set change. */
export const LocationAssociationBodySchema = z.object({
  PrimaryOwnerId: z.string().trim().max(100).nullable().optional(),
  LocationCoownerIds: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
  StaffUserIds: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
  UpdatePrimaryOwner: z.boolean().default(false),
  UpdateLocationCoowners: z.boolean().default(false),
  UpdateLocationStaffUsers: z.boolean().default(false),
});
export type LocationAssociationBody = z.infer<typeof LocationAssociationBodySchema>;
