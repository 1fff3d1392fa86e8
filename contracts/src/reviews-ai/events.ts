import { z } from 'zod';

/**
 * AI replies to reviews. Three kinds of stream:
 * - `reviews-ai-<companyId>`: the company's AI review settings and its auto-reply rules;
 * - `brand-<companyId>`: the company's brand for replies (approval page, prompt);
 * - `review-automation-<reviewId>`: what Locus's AI did about one review (drafts, the rule's
 *   decision, the delayed post and its cancellation, the approval and its outcome). The reply
 *   itself goes to Google as a `ReviewReplyRequested` on the review's own stream.
 */
export const reviewsAiStream = (companyId: string) => `reviews-ai-${companyId}`;
export const brandStream = (companyId: string) => `brand-${companyId}`;
export const reviewAutomationStream = (reviewId: string) => `review-automation-${reviewId}`;

const Tone = z.enum(['Positive', 'Neutral', 'Grateful']);
const Verbosity = z.enum(['Concise', 'Standard', 'Detailed']);
const Style = z.enum(['High', 'Moderate', 'Casual']);
const Friendliness = z.enum(['Low', 'Moderate', 'High']);

export const AiReplySettingsSchema = z.object({
  automateGoogleReviewsEnabled: z.boolean(),
  /** Whether the automation may answer a review that already has a reply (replacing it). */
  reviewsOverwrite: z.boolean(),
  apology: z.boolean(),
  tone: Tone,
  verbosity: Verbosity,
  style: Style,
  friendliness: Friendliness,
});
export type AiReplySettings = z.infer<typeof AiReplySettingsSchema>;

export const DEFAULT_AI_REPLY_SETTINGS: AiReplySettings = {
  automateGoogleReviewsEnabled: false,
  reviewsOverwrite: false,
  apology: false,
  tone: 'Positive',
  verbosity: 'Concise',
  style: 'High',
  friendliness: 'Low',
};

export const AUTO_REPLY_ACTIONS = ['post', 'approval', 'leave'] as const;
export type AutoReplyAction = (typeof AUTO_REPLY_ACTIONS)[number];
export const RULE_SENTIMENTS = ['Any', 'Positive', 'Neutral', 'Negative'] as const;
export const RULE_TEXT_CONDITIONS = ['any', 'with', 'without'] as const;

/**
 * One auto-reply rule. The first rule (in order) whose conditions all hold decides what
 * happens to a new review's draft; no matching rule leaves it for a person.
 */
export const AutoReplyRuleSchema = z.object({
  ruleId: z.string(),
  minStars: z.number().int().min(1).max(5),
  maxStars: z.number().int().min(1).max(5),
  sentiment: z.enum(RULE_SENTIMENTS),
  text: z.enum(RULE_TEXT_CONDITIONS),
  /** Empty: every location of the company. */
  locationIds: z.array(z.string()),
  action: z.enum(AUTO_REPLY_ACTIONS),
  /** For 'post': how long the draft waits in the outbox (cancellable) before it is posted. */
  delayMinutes: z.number().int().min(0).max(10_080),
});
export type AutoReplyRule = z.infer<typeof AutoReplyRuleSchema>;

const Actor = z.object({ userId: z.string().nullable(), name: z.string() });

export const ReviewAiSettingsSavedSchema = AiReplySettingsSchema.extend({ companyId: z.string(), savedBy: Actor });
export const AutoReplyRulesSavedSchema = z.object({ companyId: z.string(), rules: z.array(AutoReplyRuleSchema), savedBy: Actor });

export const BrandSettingsSchema = z.object({
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  agentName: z.string(),
  agentTitle: z.string(),
  agentPhotoUrl: z.string().nullable(),
  voiceNotes: z.string(),
  signOff: z.string(),
  wordsToAvoid: z.array(z.string()),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const BrandSettingsSavedSchema = BrandSettingsSchema.extend({ companyId: z.string(), savedBy: Actor });

const ReviewRef = { reviewId: z.string(), companyId: z.string(), locationId: z.string() };

/** Why a draft was written: by the automation for a new review, on a person's request, or as the settings' sample. */
export const DraftPurposeSchema = z.enum(['automation', 'manual', 'sample']);

/** The LLM wrote a reply (model, prompt version and token counts kept for cost and audit). */
export const ReviewReplyDraftedSchema = z.object({
  ...ReviewRef,
  draftId: z.string(),
  purpose: DraftPurposeSchema,
  comment: z.string(),
  model: z.string(),
  promptVersion: z.string(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  draftedAt: z.string(),
});
/** The LLM kept failing (after retries), or answered nothing usable (empty, too long). */
export const ReviewReplyDraftFailedSchema = z.object({
  ...ReviewRef,
  purpose: DraftPurposeSchema,
  code: z.string(),
  message: z.string(),
  failedAt: z.string(),
});
/** A rule chose to post the draft after a delay: it waits in the outbox until dueAt. */
export const AutoReplyScheduledSchema = z.object({ ...ReviewRef, draftId: z.string(), ruleId: z.string(), comment: z.string(), dueAt: z.string() });
/** A person took the draft out of the outbox before it was posted. */
export const AutoReplyCancelledSchema = z.object({ ...ReviewRef, by: Actor, cancelledAt: z.string() });
/** The delay passed: the draft was handed to Google (a ReviewReplyRequested on the review's stream). */
export const AutoReplyReleasedSchema = z.object({ ...ReviewRef, draftId: z.string(), ruleId: z.string(), comment: z.string(), releasedAt: z.string() });
/** The automation did not answer: no rule matched, a rule said leave it, the review has a reply, or automation is off. */
export const AutoReplyLeftSchema = z.object({
  ...ReviewRef,
  reason: z.enum(['no-rule', 'rule', 'has-reply', 'automation-off', 'no-text-to-answer']),
  ruleId: z.string().nullable(),
});
/** A rule asked for approval: approvers are mailed a signed, expiring, single-use link. */
export const ReviewApprovalRequestedSchema = z.object({
  ...ReviewRef,
  approvalId: z.string(),
  draftId: z.string(),
  ruleId: z.string().nullable(),
  comment: z.string(),
  approverEmails: z.array(z.string()),
  expiresAt: z.string(),
  requestedAt: z.string(),
});
/** Approved (through the link or the pending-approvals list), with the reply as approved (maybe edited). */
export const ReviewApprovalGrantedSchema = z.object({
  ...ReviewRef,
  approvalId: z.string(),
  comment: z.string(),
  via: z.enum(['link', 'list']),
  by: Actor,
  approvedAt: z.string(),
});
export const ReviewApprovalRejectedSchema = z.object({ ...ReviewRef, approvalId: z.string(), by: Actor, rejectedAt: z.string() });
/**
 * The automation stood down for a person: someone replied by hand while the draft waited in the
 * outbox or for approval (`answered-by-person`), or the review was found answered when the draft
 * was about to be sent (`already-answered`: released, approved, or its reply request refused).
 */
export const AutomatedReplyWithdrawnSchema = z.object({
  ...ReviewRef,
  reason: z.enum(['answered-by-person', 'already-answered']),
  /** Who answered the review: a user's name, or 'Google' for a reply seen there. */
  answeredBy: z.string(),
  /** The status the draft was withdrawn from. */
  from: z.enum(['scheduled', 'awaiting-approval', 'posting']),
  withdrawnAt: z.string(),
});

export const reviewsAiEventSchemas = {
  ReviewAiSettingsSaved: ReviewAiSettingsSavedSchema,
  AutoReplyRulesSaved: AutoReplyRulesSavedSchema,
  BrandSettingsSaved: BrandSettingsSavedSchema,
  ReviewReplyDrafted: ReviewReplyDraftedSchema,
  ReviewReplyDraftFailed: ReviewReplyDraftFailedSchema,
  AutoReplyScheduled: AutoReplyScheduledSchema,
  AutoReplyCancelled: AutoReplyCancelledSchema,
  AutoReplyReleased: AutoReplyReleasedSchema,
  AutoReplyLeft: AutoReplyLeftSchema,
  ReviewApprovalRequested: ReviewApprovalRequestedSchema,
  ReviewApprovalGranted: ReviewApprovalGrantedSchema,
  ReviewApprovalRejected: ReviewApprovalRejectedSchema,
  AutomatedReplyWithdrawn: AutomatedReplyWithdrawnSchema,
} as const;

type Schemas = typeof reviewsAiEventSchemas;
export type ReviewsAiEventType = keyof Schemas;
export type ReviewsAiEvent = { [K in ReviewsAiEventType]: { type: K; data: z.infer<Schemas[K]> } }[ReviewsAiEventType];
export type ReviewsAiEventOf<K extends ReviewsAiEventType> = Extract<ReviewsAiEvent, { type: K }>;
export const reviewsAiEventTypes = Object.keys(reviewsAiEventSchemas) as ReviewsAiEventType[];
