import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope } from '../routes/envelope';
import { text } from '../locations/field-text';
import { AdditionalCategoriesSchema, LocalezeCategorySchema, normalizeCategoryName, StateCodeSchema } from '../locations/fields';
import { BusinessHoursListSchema } from '../locations/hours';
import { BULK_EDIT_FIELDS, type BulkEditField } from './events';
import { BULK_EDIT_MAX_LOCATIONS, bulkEditMessages as m } from './messages';
import { pageQueryFields } from '../routes/paging';

/**
 * The spec's Bulk-edit request. Text fields are templates: `@BusinessName in @Town` is rendered
 * for each location. A flag of IgnoreBulkLocationFields set (or absent) leaves that field
 * untouched; Country is always US and never changed.
 */
const flagShape = Object.fromEntries(
  BULK_EDIT_FIELDS.map((f) => [f, z.boolean({ error: `IgnoreBulkLocationFields.${f} must be true or false` }).optional()]),
) as Record<BulkEditField, z.ZodOptional<z.ZodBoolean>>;
const template = (field: string, max: number) => text(field, max).optional().default('');
const mediaUrl = (field: string) => text(field, 2048).nullable().optional();

export const BulkLocationEditBodySchema = z.object({
  SelectedLocations: z
    .array(z.string({ error: 'SelectedLocations must be a list of location ids' }).trim().min(1).max(100), {
      error: 'SelectedLocations must be a list of location ids',
    })
    .min(1, m.selectionRequired)
    .max(BULK_EDIT_MAX_LOCATIONS, `At most ${BULK_EDIT_MAX_LOCATIONS} locations at once`)
    .transform((ids) => [...new Set(ids)]),
  IgnoreBulkLocationFields: z.object(flagShape, { error: 'IgnoreBulkLocationFields must be an object of flags' }).optional().default({}),
  Title: template('Title', 500),
  PrimaryPhoneNumber: template('PrimaryPhoneNumber', 200),
  AdditionalPhoneNumber: template('AdditionalPhoneNumber', 200),
  StreetAddressLine1: template('StreetAddressLine1', 500),
  StreetAddressLine2: template('StreetAddressLine2', 500),
  Website: template('Website', 2048),
  ProfileDescription: template('ProfileDescription', 5000),
  PrimaryCategoryId: z
    .string({ error: 'PrimaryCategoryId must be a category name' })
    .trim()
    .max(200)
    .regex(/^((categories\/)?gcid:[A-Za-z0-9_]+)?$/, 'PrimaryCategoryId must be a Google category name such as categories/gcid:dentist')
    .transform((v) => (v ? normalizeCategoryName(v) : ''))
    .nullable()
    .optional(),
  SelectedAdditionalCategories: AdditionalCategoriesSchema.optional().default([]),
  LocaleZeCategoriesDto: z.array(LocalezeCategorySchema, { error: 'LocaleZeCategoriesDto must be a list' }).max(50).optional().default([]),
  Country: z.string().trim().max(20).nullable().optional(),
  State: StateCodeSchema.nullable().optional(),
  ProfilePhoto: mediaUrl('ProfilePhoto'),
  CoverPhoto: mediaUrl('CoverPhoto'),
  LocationDefaultImagesUrl: z
    .array(z.object({ Id: z.string().optional(), MediaItemUrl: text('MediaItemUrl', 2048) }), { error: 'LocationDefaultImagesUrl must be a list' })
    .max(50)
    .optional()
    .default([]),
  BusinessHours: BusinessHoursListSchema.optional().default([]),
});
export type BulkLocationEditBody = z.input<typeof BulkLocationEditBodySchema>;

const JobParams = z.object({ jobId: z.string().trim().min(1, 'jobId is required').max(100) });

export const BulkEditJobSchema = z.object({
  JobId: z.string(),
  Status: z.enum(['running', 'finished', 'cancelled']),
  Fields: z.array(z.string()),
  Total: z.number().int(),
  Done: z.number().int(),
  Failed: z.number().int(),
  Pending: z.number().int(),
  Percent: z.number(),
  /** Estimate of the time left of the running round, in seconds (null before the first outcome). */
  EtaSeconds: z.number().nullable(),
  StartedAt: z.string(),
  StartedBy: z.string(),
  FinishedAt: z.string().nullable(),
});
export type BulkEditJob = z.infer<typeof BulkEditJobSchema>;

export const BulkEditOutcomeSchema = z.object({
  LocationId: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  Status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  Code: z.string().nullable(),
  Message: z.string().nullable(),
  At: z.string().nullable(),
  /** Which of the job's fields were applied there (by the form's names): all of them when it succeeded, the others when some were refused. */
  AppliedFields: z.array(z.string()),
  /** The fields refused for this location, each with its reason (kept at their old values). */
  RefusedFields: z.array(z.object({ Field: z.string(), Message: z.string() })),
});
export type BulkEditOutcome = z.infer<typeof BulkEditOutcomeSchema>;

const ADMIN = ['CompanyAdmin'] as const;

export const bulkLocationEditRoute = defineRoute({
  name: 'bulkEdit.start',
  method: 'POST',
  path: '/api/gmb/bulk-location-edit',
  kind: 'command',
  roles: ADMIN,
  summary: 'Starts a bulk edit of the selected locations (one job event; progress at /api/gmb/bulk-location-edit/jobs/:jobId)',
  request: { body: BulkLocationEditBodySchema },
  response: successEnvelope(z.object({ JobId: z.string() })),
});

export const listBulkEditJobsRoute = defineRoute({
  name: 'bulkEdit.jobs',
  method: 'GET',
  path: '/api/gmb/bulk-location-edit/jobs',
  kind: 'query',
  roles: ADMIN,
  summary: "The company's latest bulk edits, newest first",
  response: successEnvelope(z.array(BulkEditJobSchema)),
});

export const getBulkEditJobRoute = defineRoute({
  name: 'bulkEdit.job',
  method: 'GET',
  path: '/api/gmb/bulk-location-edit/jobs/:jobId',
  kind: 'query',
  roles: ADMIN,
  summary: "Progress of one bulk edit: its counts and estimate (the locations' outcomes are paged at /jobs/:jobId/outcomes)",
  request: { params: JobParams },
  response: successEnvelope(z.object({ Job: BulkEditJobSchema })),
  tenantParams: ['jobId'],
});

/** Rows of a job's outcome table per page, by default. */
export const BULK_EDIT_OUTCOMES_PAGE_SIZE = 25;

/** `?status=&page=&pageSize=`: one status (failed, ...) or every location, in the selection's order; page is 1-based. */
export const BulkEditOutcomesQuerySchema = z.object({
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled'], { error: 'status must be pending, succeeded, failed or cancelled' }).optional(),
  ...pageQueryFields(BULK_EDIT_OUTCOMES_PAGE_SIZE),
});
export type BulkEditOutcomesQuery = z.input<typeof BulkEditOutcomesQuerySchema>;

export const listBulkEditOutcomesRoute = defineRoute({
  name: 'bulkEdit.outcomes',
  method: 'GET',
  path: '/api/gmb/bulk-location-edit/jobs/:jobId/outcomes',
  kind: 'query',
  roles: ADMIN,
  summary: "One page of a bulk edit's locations and their outcomes, all of them or those of one status, in the selection's order",
  request: { params: JobParams, query: BulkEditOutcomesQuerySchema },
  response: z.object({
    Success: z.literal(true),
    Data: z.array(BulkEditOutcomeSchema),
    TotalRecords: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  tenantParams: ['jobId'],
});

export const retryBulkEditRoute = defineRoute({
  name: 'bulkEdit.retry',
  method: 'POST',
  path: '/api/gmb/bulk-location-edit/jobs/:jobId/retry',
  kind: 'command',
  roles: ADMIN,
  summary: 'Runs the failed locations of a finished bulk edit again',
  request: { params: JobParams },
  response: successEnvelope(z.object({ JobId: z.string() })),
  tenantParams: ['jobId'],
});

export const cancelBulkEditRoute = defineRoute({
  name: 'bulkEdit.cancel',
  method: 'POST',
  path: '/api/gmb/bulk-location-edit/jobs/:jobId/cancel',
  kind: 'command',
  roles: ADMIN,
  summary: 'Stops a running bulk edit; locations already changed keep their change',
  request: { params: JobParams },
  response: successEnvelope(z.object({ JobId: z.string() })),
  tenantParams: ['jobId'],
});

/** The description of a bulk edit as each selected location would get it: its length against Google's limit. */
export const BulkEditPreviewBodySchema = z.object({
  SelectedLocations: BulkLocationEditBodySchema.shape.SelectedLocations,
  ProfileDescription: template('ProfileDescription', 5000),
});
export const BulkEditPreviewRowSchema = z.object({
  LocationId: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  /** The rendered description's length in characters, as Google counts them. */
  DescriptionLength: z.number().int(),
  /** Over Google's limit: bulk edit will leave this location's description as it is. */
  DescriptionOverLimit: z.boolean(),
});
export type BulkEditPreviewRow = z.infer<typeof BulkEditPreviewRowSchema>;

export const bulkEditPreviewRoute = defineRoute({
  name: 'bulkEdit.preview',
  method: 'POST',
  path: '/api/gmb/bulk-location-edit/preview',
  kind: 'query',
  roles: ADMIN,
  summary: "Each selected location's rendered Business Description length against Google's 750 characters (over it: left unchanged by the job)",
  request: { body: BulkEditPreviewBodySchema },
  response: successEnvelope(z.array(BulkEditPreviewRowSchema)),
});

export const bulkEditRoutes = [
  bulkLocationEditRoute,
  bulkEditPreviewRoute,
  listBulkEditJobsRoute,
  getBulkEditJobRoute,
  listBulkEditOutcomesRoute,
  retryBulkEditRoute,
  cancelBulkEditRoute,
] as const;
