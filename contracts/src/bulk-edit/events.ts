import { z } from 'zod';
import { CategoryRefSchema } from '../locations/events';
import { HoursPeriodSchema } from '../locations/hours';

/**
 * A bulk edit is one job stream `bulkedit-<jobId>`: the request (BulkEditJobStarted), then one
 * outcome per location and round (the first run is round 0, each retry of the failed ones the
 * next round), then BulkEditRoundFinished. A cancel is its own tiny stream
 * `bulkedit-cancel-<jobId>`, so the job reactor can look at it before every location cheaply.
 *
 * Each location's change is a LocationUpdated (and LocationHoursUpdated) on the location's own
 * stream carrying `bulkJobId`, caused by the job event; the job reactor pushes it to Google.
 */
export const bulkEditStream = (jobId: string) => `bulkedit-${jobId}`;
export const bulkEditCancelStream = (jobId: string) => `bulkedit-cancel-${jobId}`;

/** The fields of a bulk edit, by the spec's IgnoreBulkLocationFields flag names. */
export const BULK_EDIT_FIELDS = [
  'BusinessName',
  'PhoneNumber',
  'AdditionalPhoneNumber',
  'PrimaryCategory',
  'AdditionalCategories',
  'LocaleZeCategories',
  'Address1',
  'Address2',
  'Country',
  'State',
  'Website',
  'BusninessDescription',
  'ProfilePhoto',
  'CoverPhoto',
  'LocationDefaultImage',
  'BusinessHours',
] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

/** The values of a bulk edit: text fields are templates with @variables, rendered per location. */
export const BulkEditValuesSchema = z.object({
  Title: z.string(),
  PrimaryPhoneNumber: z.string(),
  AdditionalPhoneNumber: z.string(),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Website: z.string(),
  ProfileDescription: z.string(),
  PrimaryCategory: CategoryRefSchema.nullable(),
  AdditionalCategories: z.array(CategoryRefSchema),
  LocaleZeCategories: z.array(z.object({ Id: z.string(), Name: z.string() })),
  State: z.string(),
  ProfilePhoto: z.string().nullable(),
  CoverPhoto: z.string().nullable(),
  DefaultImages: z.array(z.string()),
  Hours: z.array(HoursPeriodSchema),
});
export type BulkEditValues = z.infer<typeof BulkEditValuesSchema>;

export const emptyBulkEditValues = (): BulkEditValues => ({
  Title: '',
  PrimaryPhoneNumber: '',
  AdditionalPhoneNumber: '',
  StreetAddressLine1: '',
  StreetAddressLine2: '',
  Website: '',
  ProfileDescription: '',
  PrimaryCategory: null,
  AdditionalCategories: [],
  LocaleZeCategories: [],
  State: '',
  ProfilePhoto: null,
  CoverPhoto: null,
  DefaultImages: [],
  Hours: [],
});

export const BulkEditJobStartedSchema = z.object({
  jobId: z.string(),
  companyId: z.string(),
  locationIds: z.array(z.string()),
  /** Fields the job changes (the others were ignored). */
  fields: z.array(z.enum(BULK_EDIT_FIELDS)),
  values: BulkEditValuesSchema,
  startedBy: z.object({ userId: z.string(), name: z.string() }),
  startedAt: z.string(),
});
export const BulkEditLocationSucceededSchema = z.object({
  jobId: z.string(),
  locationId: z.string(),
  round: z.number().int(),
  /** Google's update mask, or '' when the location is not on Google (changed in Locus only). */
  updateMask: z.string(),
  /** Found already applied on Google after a restart (no second edit). */
  alreadyApplied: z.boolean(),
  /** The job's fields applied there, by the form's names (absent in outcomes recorded before it was kept). */
  appliedFields: z.array(z.string()).optional(),
});
/** A field of the job refused for one location, and why. */
export const RefusedBulkEditFieldSchema = z.object({ field: z.string(), label: z.string(), message: z.string() });
export const BulkEditLocationFailedSchema = z.object({
  jobId: z.string(),
  locationId: z.string(),
  round: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Fields applied there all the same (the refused ones kept their values); absent when none was. */
  appliedFields: z.array(z.string()).optional(),
  /** Fields refused for this location with the reason, when the failure is the values' and not Google's. */
  refusedFields: z.array(RefusedBulkEditFieldSchema).optional(),
});
export const BulkEditRetryRequestedSchema = z.object({ jobId: z.string(), round: z.number().int(), locationIds: z.array(z.string()) });
export const BulkEditRoundFinishedSchema = z.object({ jobId: z.string(), round: z.number().int(), cancelled: z.boolean(), finishedAt: z.string() });
export const BulkEditCancelRequestedSchema = z.object({ jobId: z.string(), companyId: z.string(), requestedAt: z.string() });

export const bulkEditEventSchemas = {
  BulkEditJobStarted: BulkEditJobStartedSchema,
  BulkEditLocationSucceeded: BulkEditLocationSucceededSchema,
  BulkEditLocationFailed: BulkEditLocationFailedSchema,
  BulkEditRetryRequested: BulkEditRetryRequestedSchema,
  BulkEditRoundFinished: BulkEditRoundFinishedSchema,
  BulkEditCancelRequested: BulkEditCancelRequestedSchema,
} as const;

type Schemas = typeof bulkEditEventSchemas;
export type BulkEditEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
