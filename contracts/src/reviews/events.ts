import { z } from 'zod';

/**
 * Events of `review-<reviewId>` streams. `reviewId` is derived from Google's review name
 * (`accounts/{a}/locations/{l}/reviews/{r}`) by the ingestion reactor (uuid v5, see
 * command-api/src/reviews/review-id.ts), so importing the same review again lands on the same
 * stream and is idempotent.
 *
 * Google I/O happens only in reactors (command-api/src/reviews): ingestion appends
 * ReviewReceived / ReviewUpdated / ReviewRemoved (and the reply as Google holds it); a reply
 * written in Locus is a ReviewReplyRequested (or ReviewReplyDeleteRequested), which the reply
 * reactor sends through the Google write queue and answers with ReviewReplyPosted /
 * ReviewReplyDeleted or ReviewReplyFailed.
 */
export const reviewStream = (reviewId: string) => `review-${reviewId}`;

/** Stars as a number 1..5 (Google's ONE..FIVE). */
export const StarsSchema = z.number().int().min(1).max(5);

export const ReviewerSchema = z.object({
  displayName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  isAnonymous: z.boolean(),
});
export type Reviewer = z.infer<typeof ReviewerSchema>;

/**
 * Sentiment of the review as a person reads it: its stars and its text together (VADER for the
 * text, platform/src/text/review-sentiment.ts). `score` is -1..1; `label` is Negative (< -0.25),
 * Positive (> 0.25) or Neutral; a review without text is what its stars say. The events carry
 * the label of the model of their day (auto-reply rules read it) and its name; the reviews read
 * model takes that label when the current model made it and computes it again otherwise.
 */
export const SentimentLabelSchema = z.enum(['Positive', 'Neutral', 'Negative']);
export type SentimentLabel = z.infer<typeof SentimentLabelSchema>;
/** `model`: which model made the label (absent on events older than the name). */
export const SentimentSchema = z.object({ score: z.number(), label: SentimentLabelSchema, model: z.string().optional() });
export type Sentiment = z.infer<typeof SentimentSchema>;

/** A reply as Google holds it. */
export const GoogleReplySchema = z.object({ comment: z.string(), updateTime: z.string() });
export type GoogleReply = z.infer<typeof GoogleReplySchema>;

/**
 * Who wrote or removed a reply: a signed-in user, the AI automation (with the rule that fired),
 * an approver (through the approval link), or Google itself (the reply was changed or removed
 * on Google and seen by a sync).
 */
export const ReplyAuthorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('automation'), ruleId: z.string().nullable(), name: z.string() }),
  z.object({ kind: z.literal('approver'), userId: z.string().nullable(), name: z.string() }),
  z.object({ kind: z.literal('google') }),
]);
export type ReplyAuthor = z.infer<typeof ReplyAuthorSchema>;

/** What identifies a review and where it belongs: on every ReviewReceived. */
const ReviewPlacement = {
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  /** Google's review name: accounts/{a}/locations/{l}/reviews/{r}. */
  googleName: z.string(),
  /** Google's reviewId. */
  googleReviewId: z.string(),
};

/** First seen by ingestion (import, Sync or the schedule). `reply` is the reply Google already holds. */
export const ReviewReceivedSchema = z.object({
  ...ReviewPlacement,
  reviewer: ReviewerSchema,
  starRating: StarsSchema,
  comment: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  reply: GoogleReplySchema.nullable(),
  sentiment: SentimentSchema,
  /** When Locus saw it (ISO). */
  receivedAt: z.string(),
});

/** The reviewer changed stars or text (Google's updateTime moved): the old values are kept. */
export const ReviewUpdatedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  reviewer: ReviewerSchema,
  starRating: StarsSchema,
  comment: z.string().nullable(),
  updateTime: z.string(),
  sentiment: SentimentSchema,
  previous: z.object({ starRating: StarsSchema, comment: z.string().nullable(), updateTime: z.string(), sentiment: SentimentSchema }),
});

/** No longer returned by Google (detected by a full sync of its location): kept, shown as removed. */
export const ReviewRemovedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  removedAt: z.string(),
  /** The review's last values, so counts can be corrected without reading the stream. */
  starRating: StarsSchema,
  hadReply: z.boolean(),
});

/** Someone (a user, the automation, an approver) asked Locus to write or change the reply on Google. */
export const ReviewReplyRequestedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  requestId: z.string(),
  comment: z.string(),
  by: ReplyAuthorSchema,
  requestedAt: z.string(),
});

/** The reply is on Google (sent by the reply reactor, or seen there by a sync: `by.kind` 'google', requestId null). */
export const ReviewReplyPostedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  requestId: z.string().nullable(),
  comment: z.string(),
  updateTime: z.string(),
  by: ReplyAuthorSchema,
  /** The reply it replaced, if any. */
  previousComment: z.string().nullable(),
});

/** Someone asked Locus to delete the reply on Google. */
export const ReviewReplyDeleteRequestedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  requestId: z.string(),
  by: ReplyAuthorSchema,
  requestedAt: z.string(),
});

/** The reply is gone from Google (deleted by the reply reactor, or seen gone by a sync). */
export const ReviewReplyDeletedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  requestId: z.string().nullable(),
  by: ReplyAuthorSchema,
  previousComment: z.string(),
  deletedAt: z.string(),
});

/** Google refused or kept failing a reply write or delete (after the client's retries). */
export const ReviewReplyFailedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  requestId: z.string(),
  operation: z.enum(['update', 'delete']),
  by: ReplyAuthorSchema,
  code: z.string(),
  message: z.string(),
});

export const reviewEventSchemas = {
  ReviewReceived: ReviewReceivedSchema,
  ReviewUpdated: ReviewUpdatedSchema,
  ReviewRemoved: ReviewRemovedSchema,
  ReviewReplyRequested: ReviewReplyRequestedSchema,
  ReviewReplyPosted: ReviewReplyPostedSchema,
  ReviewReplyDeleteRequested: ReviewReplyDeleteRequestedSchema,
  ReviewReplyDeleted: ReviewReplyDeletedSchema,
  ReviewReplyFailed: ReviewReplyFailedSchema,
} as const;

type Schemas = typeof reviewEventSchemas;
export type ReviewEventType = keyof Schemas;
export type ReviewEvent = { [K in ReviewEventType]: { type: K; data: z.infer<Schemas[K]> } }[ReviewEventType];
export const reviewEventTypes = Object.keys(reviewEventSchemas) as ReviewEventType[];

/**
 * Ingestion runs per location: `review-sync-<locationId>` records each run's outcome so the
 * next run is incremental (reviews updated after `newestUpdateTime`) and the screens can show
 * when a location's reviews were last read.
 */
export const reviewSyncStream = (locationId: string) => `review-sync-${locationId}`;

export const ReviewSyncTriggerSchema = z.enum(['import', 'sync', 'schedule']);

/** The schedule (or an operator) asks for a location's reviews to be read. */
export const ReviewsSyncRequestedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  trigger: ReviewSyncTriggerSchema,
  mode: z.enum(['full', 'incremental']),
  requestedAt: z.string(),
});

export const ReviewsSyncedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  /** What started it: the import of the location, its Sync, or the schedule. */
  trigger: ReviewSyncTriggerSchema,
  /** Full runs list every review (and detect removals); incremental ones stop at newestUpdateTime. */
  mode: z.enum(['full', 'incremental']),
  newestUpdateTime: z.string().nullable(),
  averageRating: z.number().nullable(),
  totalReviewCount: z.number().int(),
  received: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  syncedAt: z.string(),
});
export const ReviewsSyncFailedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  trigger: ReviewSyncTriggerSchema,
  code: z.string(),
  message: z.string(),
  failedAt: z.string(),
});

/**
 * Google pushed (Notifications API through Cloud Pub/Sub) that one of the location's reviews is
 * new or changed: the review is then read alone. `messageId` is Pub/Sub's (a redelivery repeats it).
 */
export const ReviewNotifiedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  notificationType: z.enum(['NEW_REVIEW', 'UPDATED_REVIEW']),
  /** Google's review id (the last part of the review's name). */
  googleReviewId: z.string(),
  messageId: z.string(),
  notifiedAt: z.string(),
});

export const reviewSyncEventSchemas = {
  ReviewsSyncRequested: ReviewsSyncRequestedSchema,
  ReviewNotified: ReviewNotifiedSchema,
  ReviewsSynced: ReviewsSyncedSchema,
  ReviewsSyncFailed: ReviewsSyncFailedSchema,
} as const;
type SyncSchemas = typeof reviewSyncEventSchemas;
export type ReviewSyncEventType = keyof SyncSchemas;
export type ReviewSyncEvent = { [K in ReviewSyncEventType]: { type: K; data: z.infer<SyncSchemas[K]> } }[ReviewSyncEventType];
