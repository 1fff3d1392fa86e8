import { z } from 'zod';
import { successEnvelope } from '../routes/envelope';
import { defineRoute } from '../routes/route-def';
import { CategorySchema, BusinessHoursOutSchema } from './details-dto';
import { CategoryRefSchema } from './events';
import { text } from './field-text';
import { AdditionalCategoriesSchema, DescriptionSchema, isUsPhoneNumber, normalizeCategoryName, StateCodeSchema, WebsiteSchema } from './fields';
import { BusinessHoursListSchema, HoursPeriodSchema } from './hours';

/**
 * Location defaults (spec part 1 §2 Default Location page, §3 Location default, §7
 * /api/locationDefault): one set per company, stream `locationdefaults-<companyId>`. Create
 * Location starts from them and `location-default-hours` answers their hours.
 */
export const locationDefaultsStream = (companyId: string) => `locationdefaults-${companyId}`;
export const LOCATION_DEFAULTS_COLLECTION = 'location-defaults';

export const locationDefaultsMessages = {
  title: 'Location Default(s)',
  intro: 'These are the location defaults that will be in action when you create a new location.',
  save: 'Save Location Defaults',
  saved: 'Your default location data save successfully',
  imageDeleted: 'The image has been deleted',
  imageNotFound: 'Image not found',
  addMedia: 'Add Default Location Media',
  addMore: 'Add more',
  urlPlaceholder: 'Enter Url',
} as const;

export const DefaultImageSchema = z.object({ Id: z.string(), MediaItemUrl: z.string() });
export type DefaultImage = z.infer<typeof DefaultImageSchema>;

/** What a company's defaults hold (stored). */
export const LocationDefaultsSchema = z.object({
  Title: z.string(),
  PrimaryPhoneNumber: z.string(),
  PrimaryCategory: CategoryRefSchema.nullable(),
  AdditionalCategories: z.array(CategoryRefSchema),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Region: z.string(),
  State: z.string(),
  Website: z.string(),
  ProfileDescription: z.string(),
  hours: z.array(HoursPeriodSchema),
  images: z.array(DefaultImageSchema),
});
export type LocationDefaults = z.infer<typeof LocationDefaultsSchema>;

/** The defaults after the save, and which of their fields it changed (absent in saves recorded before partial saves). */
export const LocationDefaultsSavedSchema = z.object({
  companyId: z.string(),
  defaults: LocationDefaultsSchema,
  changed: z.array(z.string()).optional(),
});
export const LocationDefaultImageDeletedSchema = z.object({ companyId: z.string(), imageId: z.string() });
export const locationDefaultsEventSchemas = {
  LocationDefaultsSaved: LocationDefaultsSavedSchema,
  LocationDefaultImageDeleted: LocationDefaultImageDeletedSchema,
} as const;
type Schemas = typeof locationDefaultsEventSchemas;
export type LocationDefaultsEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];

export interface LocationDefaultsDoc extends LocationDefaults {
  _id: string;
  companyId: string;
  updatedAt: string;
  [key: string]: unknown;
}

/** A URL to an image: http(s), or one of Locus's own uploads (/media/...). */
const imageUrl = text('MediaItemUrl', 2048).refine((v) => {
  if (v.startsWith('/media/')) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'MediaItemUrl must be an http(s) URL or an uploaded image');

const defaultImagesList = (field: string) =>
  z
    .array(z.object({ Id: z.string().trim().max(100).nullable().optional(), MediaItemUrl: imageUrl }), { error: `${field} must be a list` })
    .max(50, 'At most 50 default images');

/**
 * A save changes the fields it carries and keeps every other saved default (a partial save,
 * such as bulk edit's Save as Template, merges; it never blanks what it does not name). The
 * Default Location page sends every field, so clearing one there clears it.
 * `AddLocationDefaultImagesUrl` adds images to the saved ones instead of replacing them.
 */
export const SaveLocationDefaultsBodySchema = z.object({
  Title: text('Title', 200).optional(),
  PrimaryPhoneNumber: text('PrimaryPhoneNumber', 30)
    .refine((v) => v === '' || isUsPhoneNumber(v), 'PrimaryPhoneNumber must be a valid US phone number, e.g. (212) 555-0134')
    .optional(),
  PrimaryCategoryId: z
    .string()
    .trim()
    .max(200)
    .regex(/^((categories\/)?gcid:[A-Za-z0-9_]+)?$/, 'PrimaryCategoryId must be a Google category name such as categories/gcid:dentist')
    .transform((v) => (v ? normalizeCategoryName(v) : ''))
    .nullable()
    .optional(),
  SelectedAdditionalCategories: AdditionalCategoriesSchema.optional(),
  StreetAddressLine1: text('StreetAddressLine1', 200).optional(),
  StreetAddressLine2: text('StreetAddressLine2', 200).optional(),
  Region: z.string().trim().max(20).optional(),
  State: StateCodeSchema.nullable().optional(),
  Website: WebsiteSchema.optional(),
  ProfileDescription: DescriptionSchema.optional(),
  BusinessHours: BusinessHoursListSchema.optional(),
  LocationDefaultImagesUrl: defaultImagesList('LocationDefaultImagesUrl').optional(),
  AddLocationDefaultImagesUrl: defaultImagesList('AddLocationDefaultImagesUrl').optional(),
});
export type SaveLocationDefaultsBody = z.input<typeof SaveLocationDefaultsBodySchema>;

export const LocationDefaultsOutSchema = z.object({
  Title: z.string(),
  PrimaryPhoneNumber: z.string(),
  PrimaryCategoryId: z.string().nullable(),
  SelectedAdditionalCategories: z.array(z.string()),
  AdditionalCategories: z.array(CategorySchema),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Region: z.string(),
  State: z.string(),
  Website: z.string(),
  ProfileDescription: z.string(),
  BusinessHours: z.array(BusinessHoursOutSchema),
  LocationDefaultImagesUrl: z.array(DefaultImageSchema),
});
export type LocationDefaultsOut = z.infer<typeof LocationDefaultsOutSchema>;

const ADMIN = ['CompanyAdmin'] as const;

export const fetchLocationDefaultsRoute = defineRoute({
  name: 'locationDefaults.fetch',
  method: 'GET',
  path: '/api/locationDefault/fetch',
  kind: 'query',
  roles: ADMIN,
  summary: "The company's location defaults (null until saved once)",
  response: successEnvelope(LocationDefaultsOutSchema.nullable()),
});

export const locationDefaultsCategoriesRoute = defineRoute({
  name: 'locationDefaults.categories',
  method: 'GET',
  path: '/api/locationDefault/fetch-categories',
  kind: 'query',
  roles: ADMIN,
  summary: "Google's categories for the location defaults form",
  response: z.object({ Success: z.literal(true), IsUnauthorized: z.boolean(), Data: z.array(CategorySchema) }),
});

export const saveLocationDefaultsRoute = defineRoute({
  name: 'locationDefaults.save',
  method: 'POST',
  path: '/api/locationDefault/save',
  kind: 'command',
  roles: ADMIN,
  summary: "Save the company's location defaults (new locations start from them)",
  request: { body: SaveLocationDefaultsBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

export const deleteLocationDefaultImageRoute = defineRoute({
  name: 'locationDefaults.deleteImage',
  method: 'DELETE',
  path: '/api/locationDefault/delete/:mediaId',
  kind: 'command',
  roles: ADMIN,
  summary: "Remove an image from the company's location defaults",
  request: { params: z.object({ mediaId: z.string().trim().min(1, 'mediaId is required').max(100) }) },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
  tenantParams: ['mediaId'],
});

// ---------- uploads (spec §7 UploadImage, multi) ----------

export const UPLOAD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const uploadMessages = {
  notImage: 'Only image files (PNG, JPEG, GIF or WebP) are allowed.',
  tooLarge: `An image must be at most ${UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  missing: 'Choose an image to upload.',
  uploaded: 'Image uploaded successfully.',
  coverUploaded: 'Cover Media uploaded successfully.',
  logoUploaded: 'Logo Media uploaded successfully.',
  coverRatio: (width: number, height: number, ratio: string) => `Invalid aspect ratio: ${width}x${height} (${ratio}). Please upload a 16:9 image.`,
} as const;
/** multipart/form-data: `File` (one image) and `CompanyId`. */
export const uploadImageRoute = defineRoute({
  name: 'media.uploadImage',
  method: 'POST',
  path: '/api/gmb/UploadImage',
  kind: 'command',
  roles: ADMIN,
  summary: 'Upload one image for the location defaults',
  description: 'multipart/form-data: `File` (one PNG, JPEG, GIF or WebP image, at most 10 MB) and `CompanyId`.',
  request: { multipart: true },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: DefaultImageSchema }),
});

/** multipart/form-data: `companyId` and one or more `files`; answers the media list. */
export const uploadImagesRoute = defineRoute({
  name: 'media.uploadImages',
  method: 'POST',
  path: '/api/gmb/multi',
  kind: 'command',
  roles: ADMIN,
  summary: 'Upload several images for the location defaults',
  description: 'multipart/form-data: `companyId` and one or more `files` (PNG, JPEG, GIF or WebP, at most 10 MB each); answers the media list.',
  request: { multipart: true },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.array(DefaultImageSchema) }),
});

export const locationDefaultsRoutes = [
  fetchLocationDefaultsRoute,
  locationDefaultsCategoriesRoute,
  saveLocationDefaultsRoute,
  deleteLocationDefaultImageRoute,
  uploadImageRoute,
  uploadImagesRoute,
] as const;
