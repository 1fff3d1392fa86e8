import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';
import { TEMPLATE_MAX_LOCATIONS } from './messages';
import { CtaActionTypeSchema, PostTopicTypeSchema, TemplateBodySchema, TemplatePostSchema } from './post';

/**
 * Post templates (/location-template, CompanyAdmin): calls under /api/locationPostTemplates
 * (spec part 2 §7). The company is the caller's; another company's template answers 404.
 */
const ADMIN = ['CompanyAdmin'] as const;
const BASE = '/api/locationPostTemplates';
const IdParams = z.object({ id: z.string().min(1, 'id is required').max(200) });

export const TemplateVariableSchema = z.object({ label: z.string() });

export const PostTemplateStatusSchema = z.enum(['draft', 'scheduled', 'publishing', 'published']);

export const PostTemplateSchema = TemplatePostSchema.extend({
  Id: z.string(),
  IsPublished: z.boolean(),
  PublishDate: z.string().nullable(),
  TotalPublishedLocations: z.number().int(),
  TemplateLocationIds: z.array(z.string()),
  ScheduleDate: z.string().nullable(),
  Status: PostTemplateStatusSchema,
  /** Publishing progress by Google's answer: live (Done), in Google's review, rejected by Google, failed; of the locations asked for. */
  Progress: z.object({ Done: z.number().int(), InReview: z.number().int(), Rejected: z.number().int(), Failed: z.number().int(), Total: z.number().int() }),
  /** Locations without a live post: rejected by Google (with its reason) or failed (retryable). */
  Failures: z.array(z.object({ LocationId: z.string(), LocationName: z.string(), Message: z.string(), Kind: z.enum(['failed', 'rejected']) })),
  CreatedDate: z.string(),
});
export type PostTemplate = z.infer<typeof PostTemplateSchema>;

/** Template log entry (spec: AcualContent, spelled so). */
export const TemplateLogEntrySchema = z.object({
  Id: z.string(),
  LocationId: z.string(),
  LocationName: z.string(),
  CreatedDate: z.string(),
  AcualContent: z.string(),
  /** Only for a post live on Google. */
  LocalPostUrl: z.string().nullable(),
  Status: z.enum(['pending', 'published', 'in-review', 'rejected', 'failed']),
  /** Google's reason for a rejected or failed post. */
  Error: z.string().nullable(),
});
export type TemplateLogEntry = z.infer<typeof TemplateLogEntrySchema>;

export const TemplatePreviewSchema = z.object({
  LocationId: z.string(),
  LocationName: z.string(),
  /** The template's rich text rendered with the location's values (sanitised HTML). */
  Html: z.string(),
  /** What Google receives: plain text within the summary limit. */
  Summary: z.string(),
  TopicType: PostTopicTypeSchema,
  EventTitle: z.string().nullable(),
  ActionType: CtaActionTypeSchema.nullable(),
  /** The post's image, as Google receives it (null when the template has none). */
  MediaItemUrl: z.string().nullable(),
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

export const templateVariablesRoute = defineRoute({
  name: 'templates.variables',
  method: 'GET',
  path: `${BASE}/template-variables`,
  kind: 'query',
  roles: ADMIN,
  summary: 'The variables a post template may use',
  response: successEnvelope(z.array(TemplateVariableSchema)),
});

export const fetchTemplatesRoute = defineRoute({
  name: 'templates.fetch',
  method: 'GET',
  path: `${BASE}/fetch`,
  kind: 'query',
  roles: ADMIN,
  summary: "The company's post templates, newest first",
  response: successEnvelope(z.array(PostTemplateSchema)),
});

export const templateLogRoute = defineRoute({
  name: 'templates.log',
  method: 'GET',
  path: `${BASE}/template-log/:id`,
  kind: 'query',
  roles: ADMIN,
  summary: "The template's published posts, newest first",
  request: { params: IdParams },
  response: successEnvelope(z.array(TemplateLogEntrySchema)),
  tenantParams: ['id'],
});

export const templatePreviewRoute = defineRoute({
  name: 'templates.preview',
  method: 'GET',
  path: `${BASE}/preview/:id/:locationId`,
  kind: 'query',
  roles: ADMIN,
  summary: 'The template rendered for one location (Data null: No location found.)',
  request: { params: z.object({ id: z.string().min(1).max(200), locationId: z.string().min(1).max(200) }) },
  response: successEnvelope(TemplatePreviewSchema.nullable()),
  tenantParams: ['id'],
});

export const saveTemplateRoute = defineRoute({
  name: 'templates.save',
  method: 'POST',
  path: `${BASE}/save`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Create (no Id) or update a draft template; HTML is sanitised before it is stored',
  request: { body: TemplateBodySchema },
  response: successEnvelope(z.object({ Id: z.string() })),
});

export const PublishTemplateBodySchema = z.object({
  TemplateId: z.string().trim().min(1, 'TemplateId is required').max(200),
  LocationIds: z.array(z.string().min(1).max(200)).min(1, 'Select one or more locations.').max(TEMPLATE_MAX_LOCATIONS),
});
export type PublishTemplateBody = z.input<typeof PublishTemplateBodySchema>;

export const publishTemplateRoute = defineRoute({
  name: 'templates.publish',
  method: 'POST',
  path: `${BASE}/publish`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Publish a draft to the locations: one event; the posts follow, one per location, within Google quota',
  request: { body: PublishTemplateBodySchema },
  response: SuccessMessageSchema,
});

export const retryTemplateRoute = defineRoute({
  name: 'templates.retry',
  method: 'POST',
  path: `${BASE}/retry/:id`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Publish again to the locations whose post failed',
  request: { params: IdParams },
  response: SuccessMessageSchema,
  tenantParams: ['id'],
});

export const cancelTemplateScheduleRoute = defineRoute({
  name: 'templates.cancelSchedule',
  method: 'POST',
  path: `${BASE}/cancel-schedule/:id`,
  kind: 'command',
  roles: ADMIN,
  summary: "Cancel a template's scheduled publishing",
  request: { params: IdParams },
  response: SuccessMessageSchema,
  tenantParams: ['id'],
});

export const deleteTemplateRoute = defineRoute({
  name: 'templates.delete',
  method: 'DELETE',
  path: `${BASE}/delete/:id`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Delete a post template',
  request: { params: IdParams },
  response: SuccessMessageSchema,
  tenantParams: ['id'],
});

/** multipart/form-data with one image in field `File` (≤ 5 MB). Answers its public URL (under /media/templates/), which Google fetches. */
export const uploadTemplateImageRoute = defineRoute({
  name: 'templates.uploadImage',
  method: 'POST',
  path: `${BASE}/upload-image`,
  kind: 'command',
  roles: ADMIN,
  summary: "Upload a template's image; answers its public URL",
  description: 'multipart/form-data with one image in field `File` (≤ 5 MB). Answers its public URL (under /media/templates/), which Google fetches.',
  request: { multipart: true },
  response: z.object({ Success: z.literal(true), Url: z.string(), ResponseMessage: z.string() }),
});

export const templatesRoutes = [
  templateVariablesRoute,
  fetchTemplatesRoute,
  templateLogRoute,
  templatePreviewRoute,
  saveTemplateRoute,
  publishTemplateRoute,
  retryTemplateRoute,
  cancelTemplateScheduleRoute,
  deleteTemplateRoute,
  uploadTemplateImageRoute,
] as const;
