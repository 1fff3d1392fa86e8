import { z } from 'zod';
import { TemplatePostSchema } from './post';
import { RestoredFromSchema } from '../locations/events';

/**
 * Post templates. `posttemplate-<templateId>`: the template (saved, scheduled, publish
 * requested, deleted). `templatepost-<templateId>-<locationId>`: the one post of a template at
 * one location: requested (fan-out of the publish request, carrying the post), started (before
 * the Google call), created or failed (outcome), retried; a post Google held for review
 * (created in PROCESSING) is later approved or rejected by Google. One stream per (template, location)
 * is what makes publishing idempotent: a restart never posts twice or skips one.
 */
export const postTemplateStream = (templateId: string) => `posttemplate-${templateId}`;
export const templatePostStream = (templateId: string, locationId: string) => `templatepost-${templateId}-${locationId}`;

export const PostTemplateSavedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  post: TemplatePostSchema,
  locationIds: z.array(z.string()),
  /** ISO date-time when the template publishes itself, or null. */
  scheduleDate: z.string().nullable(),
  /** Set when a company admin restored the post to its values at an earlier position. */
  restoredFrom: RestoredFromSchema.optional(),
});
export const PostTemplateDeletedSchema = z.object({ templateId: z.string(), companyId: z.string() });
export const PostTemplateScheduleCancelledSchema = z.object({ templateId: z.string(), companyId: z.string() });
/** POST publish (or the schedule coming due): the one event a publish appends. */
export const PostTemplatePublishRequestedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  publishId: z.string(),
  post: TemplatePostSchema,
  locationIds: z.array(z.string()),
  requestedAt: z.string(),
  scheduled: z.boolean(),
});
export const TemplatePostRequestedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  publishId: z.string(),
  locationId: z.string(),
  post: TemplatePostSchema,
});
export const TemplatePostStartedSchema = z.object({ templateId: z.string(), locationId: z.string(), attemptId: z.string(), startedAt: z.string() });
/** Google's LocalPost.state of an accepted post: live, or held for Google's review. */
export const AcceptedPostStateSchema = z.enum(['LIVE', 'PROCESSING']);
export const TemplatePostCreatedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  googlePostName: z.string(),
  searchUrl: z.string().nullable(),
  summary: z.string(),
  createdAt: z.string(),
  /** True when found on Google after a restart instead of created then. */
  recovered: z.boolean(),
  /** Google's state of the post; absent in events written before it was kept (they were taken as live). */
  state: AcceptedPostStateSchema.optional(),
});
/** Google decided on a post it held for review (PROCESSING) and shows it now; a rejection after review is `TemplatePostRejected`. */
export const TemplatePostApprovedByGoogleSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  googlePostName: z.string(),
  searchUrl: z.string().nullable(),
  approvedAt: z.string(),
});
/** Google answered the post with `state: REJECTED`: it exists on Google but is not shown. */
export const TemplatePostRejectedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  googlePostName: z.string(),
  summary: z.string(),
  reason: z.string(),
  rejectedAt: z.string(),
});
export const TemplatePostFailedSchema = z.object({
  templateId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  code: z.string(),
  message: z.string(),
  failedAt: z.string(),
});
export const TemplatePostRetryRequestedSchema = z.object({ templateId: z.string(), companyId: z.string(), locationId: z.string(), retryId: z.string() });

export const templateEventSchemas = {
  PostTemplateSaved: PostTemplateSavedSchema,
  PostTemplateDeleted: PostTemplateDeletedSchema,
  PostTemplateScheduleCancelled: PostTemplateScheduleCancelledSchema,
  PostTemplatePublishRequested: PostTemplatePublishRequestedSchema,
  TemplatePostRequested: TemplatePostRequestedSchema,
  TemplatePostStarted: TemplatePostStartedSchema,
  TemplatePostCreated: TemplatePostCreatedSchema,
  TemplatePostFailed: TemplatePostFailedSchema,
  TemplatePostRejected: TemplatePostRejectedSchema,
  TemplatePostApprovedByGoogle: TemplatePostApprovedByGoogleSchema,
  TemplatePostRetryRequested: TemplatePostRetryRequestedSchema,
} as const;

type Schemas = typeof templateEventSchemas;
export type TemplateEventType = keyof Schemas;
export type TemplateEvent = { [K in TemplateEventType]: { type: K; data: z.infer<Schemas[K]> } }[TemplateEventType];
export type TemplateEventOf<K extends TemplateEventType> = Extract<TemplateEvent, { type: K }>;
export const templateEventTypes = Object.keys(templateEventSchemas) as TemplateEventType[];
