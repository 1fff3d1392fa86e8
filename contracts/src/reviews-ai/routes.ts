import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';
import { aiOptionSchema, GOOGLE_REPLY_MAX_BYTES, replyByteLength } from './ai-options';
import { AUTO_REPLY_ACTIONS, RULE_SENTIMENTS, RULE_TEXT_CONDITIONS } from './events';
import { AUTOMATION_STATUSES } from './read-models';

const COMPANY_MEMBERS = ['CompanyAdmin', 'CompanyUser'] as const;
const COMPANY_ADMINS = ['CompanyAdmin'] as const;

/** AI review settings as the spec names them (§3). */
export const AiReviewSettingsSchema = z.object({
  AutomateGoogleReviewsEnabled: z.boolean(),
  ReviewsOverwrite: z.boolean(),
  Apology: z.boolean(),
  Tone: z.string(),
  Verbosity: z.string(),
  Style: z.string(),
  Friendliness: z.string(),
});
export type AiReviewSettings = z.infer<typeof AiReviewSettingsSchema>;

export const AiReviewSettingsBodySchema = z.object({
  AutomateGoogleReviewsEnabled: z.boolean({ error: 'AutomateGoogleReviewsEnabled must be true or false' }),
  ReviewsOverwrite: z.boolean({ error: 'ReviewsOverwrite must be true or false' }).default(false),
  Apology: z.boolean({ error: 'Apology must be true or false' }).default(false),
  Tone: aiOptionSchema('Tone'),
  Verbosity: aiOptionSchema('Verbosity'),
  Style: aiOptionSchema('Style'),
  Friendliness: aiOptionSchema('Friendliness'),
});
export type AiReviewSettingsBody = z.input<typeof AiReviewSettingsBodySchema>;

/** Save the settings and draft a sample reply to `RandomReviewId` with them. */
export const AiReviewSampleBodySchema = AiReviewSettingsBodySchema.extend({
  RandomReviewId: z.string({ error: 'RandomReviewId is required' }).trim().min(1, 'RandomReviewId is required').max(200),
});

export const AutoReplyRuleBodySchema = z
  .object({
    RuleId: z.string().max(100).nullish(),
    MinStars: z.number({ error: 'MinStars must be 1 to 5' }).int().min(1, 'MinStars must be 1 to 5').max(5, 'MinStars must be 1 to 5'),
    MaxStars: z.number({ error: 'MaxStars must be 1 to 5' }).int().min(1, 'MaxStars must be 1 to 5').max(5, 'MaxStars must be 1 to 5'),
    Sentiment: z.enum(RULE_SENTIMENTS, { error: `Sentiment must be one of ${RULE_SENTIMENTS.join(', ')}` }).default('Any'),
    Text: z.enum(RULE_TEXT_CONDITIONS, { error: `Text must be one of ${RULE_TEXT_CONDITIONS.join(', ')}` }).default('any'),
    LocationIds: z.array(z.string().min(1).max(200)).max(1000).default([]),
    Action: z.enum(AUTO_REPLY_ACTIONS, { error: `Action must be one of ${AUTO_REPLY_ACTIONS.join(', ')}` }),
    DelayMinutes: z.number({ error: 'DelayMinutes must be a whole number of minutes' }).int().min(0).max(10_080).default(0),
  })
  .refine((r) => r.MinStars <= r.MaxStars, { message: 'MinStars must not be above MaxStars', path: ['MinStars'] });
export type AutoReplyRuleBody = z.input<typeof AutoReplyRuleBodySchema>;

export const AutoReplyRuleDtoSchema = z.object({
  RuleId: z.string(),
  MinStars: z.number(),
  MaxStars: z.number(),
  Sentiment: z.enum(RULE_SENTIMENTS),
  Text: z.enum(RULE_TEXT_CONDITIONS),
  LocationIds: z.array(z.string()),
  Action: z.enum(AUTO_REPLY_ACTIONS),
  DelayMinutes: z.number(),
});
export type AutoReplyRuleDto = z.infer<typeof AutoReplyRuleDtoSchema>;

export const AiReviewSettingsDtoSchema = AiReviewSettingsSchema.extend({
  Rules: z.array(AutoReplyRuleDtoSchema),
  /** How long one minute of a rule's delay lasts on this server, in seconds (60 unless configured shorter). */
  SecondsPerDelayMinute: z.number(),
});
export type AiReviewSettingsDto = z.infer<typeof AiReviewSettingsDtoSchema>;

export const SampleReplySchema = z.object({
  ReviewId: z.string(),
  ReviewText: z.string(),
  AIGeneratedText: z.string(),
  ReviewerDisplayName: z.string(),
  StarRating: z.number(),
});
export type SampleReply = z.infer<typeof SampleReplySchema>;

export const RandomReviewSchema = z.object({
  Id: z.string(),
  ReviewId: z.string(),
  LocationId: z.string(),
  ReviewerDisplayName: z.string(),
  ReviewerProfilePhotoUrl: z.string().nullable(),
  StarRating: z.number(),
  Comment: z.string().nullable(),
  CreateTime: z.string(),
});
export type RandomReview = z.infer<typeof RandomReviewSchema>;

const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), `${field} must be an http(s) address`)
    .nullish()
    .transform((v) => (v ? v : null));

export const BrandSettingsBodySchema = z.object({
  DisplayName: z.string().trim().max(120, 'DisplayName is at most 120 characters').default(''),
  LogoUrl: httpUrl('LogoUrl'),
  AgentName: z.string().trim().max(120, 'AgentName is at most 120 characters').default(''),
  AgentTitle: z.string().trim().max(120, 'AgentTitle is at most 120 characters').default(''),
  AgentPhotoUrl: httpUrl('AgentPhotoUrl'),
  VoiceNotes: z.string().trim().max(2000, 'VoiceNotes is at most 2000 characters').default(''),
  SignOff: z.string().trim().max(300, 'SignOff is at most 300 characters').default(''),
  WordsToAvoid: z.array(z.string().trim().min(1).max(60)).max(100, 'At most 100 words to avoid').default([]),
});
export type BrandSettingsBody = z.input<typeof BrandSettingsBodySchema>;
export const BrandSettingsDtoSchema = z.object({
  DisplayName: z.string(),
  LogoUrl: z.string().nullable(),
  AgentName: z.string(),
  AgentTitle: z.string(),
  AgentPhotoUrl: z.string().nullable(),
  VoiceNotes: z.string(),
  SignOff: z.string(),
  WordsToAvoid: z.array(z.string()),
});
export type BrandSettingsDto = z.infer<typeof BrandSettingsDtoSchema>;

/** A reply as a person approves it: never empty, never over Google's limit. */
export const ApprovedReplySchema = z
  .string({ error: 'Comment is required' })
  .trim()
  .min(1, 'Comment is required')
  .refine((v) => replyByteLength(v) <= GOOGLE_REPLY_MAX_BYTES, `Comment is longer than Google's limit of ${GOOGLE_REPLY_MAX_BYTES} bytes`);
export const ApproveBodySchema = z.object({ Comment: ApprovedReplySchema });

export const AutomationItemSchema = z.object({
  ReviewId: z.string(),
  LocationId: z.string(),
  ReviewerDisplayName: z.string(),
  StarRating: z.number(),
  Comment: z.string().nullable(),
  CreateTime: z.string(),
  Status: z.enum(AUTOMATION_STATUSES),
  Reply: z.string().nullable(),
  DueAt: z.string().nullable(),
  RuleId: z.string().nullable(),
  Error: z.string().nullable(),
  Model: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type AutomationItem = z.infer<typeof AutomationItemSchema>;

/** The approval page's data: the review, the responding agent and the draft. */
export const ApprovalViewSchema = z.object({
  Review: z.object({
    ReviewerDisplayName: z.string(),
    ReviewerProfilePhotoUrl: z.string().nullable(),
    StarRating: z.number(),
    Comment: z.string().nullable(),
    CreateTime: z.string(),
  }),
  Agent: z.object({ Name: z.string(), Title: z.string(), PhotoUrl: z.string().nullable(), BusinessName: z.string(), LogoUrl: z.string().nullable() }),
  Reply: z.string(),
  ExpiresAt: z.string(),
});
export type ApprovalView = z.infer<typeof ApprovalViewSchema>;

const ReviewParams = z.object({ reviewId: z.string().min(1).max(200) });
const TokenParams = z.object({ token: z.string().min(1, 'token is required').max(2000) });

export const getAiReviewSettingsRoute = defineRoute({
  name: 'reviewsAi.settings',
  method: 'GET',
  path: '/api/companyMetaData/reviews-settings',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: "The company's AI review settings and auto-reply rules",
  response: successEnvelope(AiReviewSettingsDtoSchema),
});

export const saveAiReviewSettingsRoute = defineRoute({
  name: 'reviewsAi.saveSettings',
  method: 'POST',
  path: '/api/companyMetaData/reviews-settings',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: 'Save the AI review settings (the automation switch among them)',
  request: { body: AiReviewSettingsBodySchema },
  response: SuccessMessageSchema,
});

export const saveAiReviewSampleRoute = defineRoute({
  name: 'reviewsAi.sample',
  method: 'POST',
  path: '/api/companyMetaData/reviews-ai',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: 'Save the AI review settings and draft a sample reply to the given review with them',
  request: { body: AiReviewSampleBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string().optional(), ResponseData: SampleReplySchema }),
});

export const saveAutoReplyRulesRoute = defineRoute({
  name: 'reviewsAi.saveRules',
  method: 'PUT',
  path: '/api/companyMetaData/auto-reply-rules',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: "Save the company's review auto-reply rules",
  request: { body: z.object({ Rules: z.array(AutoReplyRuleBodySchema).max(50, 'At most 50 rules') }) },
  response: SuccessMessageSchema,
});

export const randomReviewRoute = defineRoute({
  name: 'reviewsAi.randomReview',
  method: 'GET',
  path: '/api/gmb/random-review',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: "A random review with text of the caller's company (the sample reply's subject); Data null when there is none",
  response: successEnvelope(RandomReviewSchema.nullable()),
});

export const getBrandSettingsRoute = defineRoute({
  name: 'reviewsAi.brand',
  method: 'GET',
  path: '/api/brand-settings',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: "The company's brand voice for AI review replies",
  response: successEnvelope(BrandSettingsDtoSchema),
});

export const saveBrandSettingsRoute = defineRoute({
  name: 'reviewsAi.saveBrand',
  method: 'PUT',
  path: '/api/brand-settings',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: "Save the company's brand voice for AI review replies",
  request: { body: BrandSettingsBodySchema },
  response: SuccessMessageSchema,
});

export const automationListRoute = defineRoute({
  name: 'reviewsAi.automation',
  method: 'GET',
  path: '/api/review-automation',
  kind: 'query',
  roles: COMPANY_ADMINS,
  summary: 'The outbox (scheduled) and pending approvals (awaiting-approval), or any other status, newest first',
  request: {
    query: z.object({ Status: z.enum(AUTOMATION_STATUSES, { error: `Status must be one of ${AUTOMATION_STATUSES.join(', ')}` }).default('scheduled') }),
  },
  response: successEnvelope(z.array(AutomationItemSchema)),
});

export const cancelAutoReplyRoute = defineRoute({
  name: 'reviewsAi.cancel',
  method: 'POST',
  path: '/api/review-automation/:reviewId/cancel',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: 'Cancel a pending automatic reply to a review',
  request: { params: ReviewParams },
  response: SuccessMessageSchema,
  tenantParams: ['reviewId'],
});

export const approveFromListRoute = defineRoute({
  name: 'reviewsAi.approve',
  method: 'POST',
  path: '/api/review-automation/:reviewId/approve',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: 'Approve a drafted reply from the reviews list: it is sent to Google',
  request: { params: ReviewParams, body: ApproveBodySchema },
  response: SuccessMessageSchema,
  tenantParams: ['reviewId'],
});

export const rejectFromListRoute = defineRoute({
  name: 'reviewsAi.reject',
  method: 'POST',
  path: '/api/review-automation/:reviewId/reject',
  kind: 'command',
  roles: COMPANY_ADMINS,
  summary: 'Reject a drafted reply from the reviews list',
  request: { params: ReviewParams },
  response: SuccessMessageSchema,
  tenantParams: ['reviewId'],
});

export const approvalViewRoute = defineRoute({
  name: 'reviewsAi.approvalView',
  method: 'GET',
  path: '/api/review-approval/:token',
  kind: 'query',
  roles: ['Anonymous'],
  summary: 'The approval page: the token is the signed, expiring, single-use link from the mail',
  request: { params: TokenParams },
  response: successEnvelope(ApprovalViewSchema),
});

export const approveByLinkRoute = defineRoute({
  name: 'reviewsAi.approveByLink',
  method: 'POST',
  path: '/api/review-approval/:token/approve',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Approve a drafted reply with the emailed approval link',
  request: { params: TokenParams, body: ApproveBodySchema },
  response: SuccessMessageSchema,
});

/** "Draft with AI" in a reply dialog: the tone chosen there, else the company's. */
export const AiDraftBodySchema = z
  .object({
    Tone: z
      .enum(['Positive', 'Neutral', 'Grateful'], { error: 'Tone must be Positive, Neutral or Grateful' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .default({ Tone: null });

/**
 * A reply drafted for one review as the model writes it (text/event-stream: `text` events with
 * the next piece, then `done` with the whole reply, or `failed` with the reason). Nothing is
 * posted: the person edits the draft and posts it with the reply route. Without an AI service
 * for the company the answer is 422 naming where to set it up.
 */
export const aiDraftRoute = defineRoute({
  name: 'reviewsAi.draft',
  method: 'POST',
  path: '/api/gmb/review/:reviewId/ai-draft',
  kind: 'command',
  roles: COMPANY_MEMBERS,
  summary: 'Draft a reply to one review with AI, streamed as it is written (nothing is posted)',
  description:
    'Writes a reply with the company’s AI settings (tone, length, style, friendliness, apology) and brand settings (voice, sign-off, words to avoid), streamed as text/event-stream: `text` events carry each new piece, `done` the whole reply (within Google’s 4096 bytes), `failed` the AI service’s error. Tone overrides the company’s tone for this draft. Nothing is sent to Google. 422 when the company has no AI service set up (the message says where to set it).',
  request: {
    params: z.object({ reviewId: z.string({ error: 'reviewId is required' }).trim().min(1, 'reviewId is required').max(100, 'reviewId is too long') }),
    body: AiDraftBodySchema,
  },
  tenantParams: ['reviewId'],
  location: { needs: 'staff' },
  answers: { media: ['text/event-stream'], errors: [422] },
});

export const reviewsAiRoutes = [
  getAiReviewSettingsRoute,
  saveAiReviewSettingsRoute,
  saveAiReviewSampleRoute,
  saveAutoReplyRulesRoute,
  randomReviewRoute,
  getBrandSettingsRoute,
  saveBrandSettingsRoute,
  automationListRoute,
  cancelAutoReplyRoute,
  approveFromListRoute,
  rejectFromListRoute,
  approvalViewRoute,
  approveByLinkRoute,
  aiDraftRoute,
] as const;
