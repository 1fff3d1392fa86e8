import { z } from 'zod';
import { GoogleChangeFieldSchema } from './events';
import { DIRECTORY_SORT_FIELDS, LOCATIONS_PAGE_SIZE } from './messages';
import { COMPLETENESS_FIELDS, VERIFICATION_STATES } from './health';

/** The directory's verification filter: one state, or every state that needs someone to act. */
export const VERIFICATION_FILTERS = [...VERIFICATION_STATES, 'NeedsAction'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

// ---------- directory ----------

export const OpenStatusSchema = z.enum(['Published', 'Unpublished', 'ClosedTemporarily', 'ClosedPermanently'], {
  error: 'Status must be Published, Unpublished, ClosedTemporarily or ClosedPermanently',
});
export type OpenStatus = z.infer<typeof OpenStatusSchema>;

/** An optional text filter: trimmed, empty and null mean "any". */
const filterText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim());

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
  /** Restricts to one connected account (route /{accountId}/locations, or the directory's account filter). */
  AccountId: z.string().trim().max(200).nullable().optional(),
  /** The directory's own filters: status, state code, and city and ZIP searched on their own fields. */
  Status: OpenStatusSchema.nullable().optional(),
  State: filterText('State', 2)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), 'State must be a two-letter US state code'),
  City: filterText('City', 100),
  Zip: filterText('Zip', 10).refine((v) => /^[\d-]*$/.test(v), 'Zip must be digits'),
  /** Restricts to the locations of one of the company's location groups (another company's group: 404). */
  GroupId: filterText('GroupId', 200),
  /** Only locations Google changed on its own (fields waiting for a decision). */
  GoogleChanged: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'GoogleChanged must be true or false' })
    .nullable()
    .optional()
    .transform((v) => v === true || v === 'true'),
  /** Listing health: only locations whose completeness score is below this (1-100). */
  CompletenessBelow: z.preprocess(
    // an empty box ('' from a query string) means "any"
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: 'Completeness below must be a number' })
      .int('Completeness below must be a whole number')
      .min(1, 'Completeness below must be between 1 and 100')
      .max(100, 'Completeness below must be between 1 and 100')
      .nullable()
      .optional(),
  ),
  /** Listing health: Google's verification state, or NeedsAction for every state that needs someone to act. */
  Verification: z
    .enum(VERIFICATION_FILTERS, { error: `Verification must be one of ${VERIFICATION_FILTERS.join(', ')}` })
    .nullable()
    .optional(),
});
export type FilteringData = z.infer<typeof FilteringDataSchema>;

/** The CSV export's query: the directory's filters and sort, without paging. */
export const DirectoryExportQuerySchema = FilteringDataSchema.omit({ first: true, rows: true });
export type DirectoryExportQuery = z.infer<typeof DirectoryExportQuerySchema>;

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
  /** Fields Google changed on its own and nobody has decided yet. */
  GoogleChangedFields: z.array(GoogleChangeFieldSchema),
  /** Listing health: completeness 0-100 over the fields Google weighs, the fields missing, Google's verification state. */
  Completeness: z.number().int(),
  MissingFields: z.array(z.enum(COMPLETENESS_FIELDS.map((f) => f.key) as [CompletenessKey, ...CompletenessKey[]])),
  Verification: z.enum(VERIFICATION_STATES),
});
export type LocationRow = z.infer<typeof LocationRowSchema>;
type CompletenessKey = (typeof COMPLETENESS_FIELDS)[number]['key'];

export const LocationsSummaryResponseSchema = z.object({
  Success: z.literal(true),
  data: z.array(LocationRowSchema),
  totalResultsCount: z.number().int(),
  filteredResultsCount: z.number().int(),
});
export type LocationsSummaryResponse = z.infer<typeof LocationsSummaryResponseSchema>;
