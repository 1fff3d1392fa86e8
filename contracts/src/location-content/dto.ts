import { z } from 'zod';
import { characterCount, GOOGLE_LIMITS, limitMessage } from '../google-limits';
import { CALL_TO_ACTION_TYPES, LocalPostContentSchema, MEDIA_CATEGORIES, POST_TOPIC_TYPES, type LocalPostContent } from './events';
import { locationContentMessages as m } from './messages';

/** Where a post or photo stands: sent and waiting for Google, on Google, refused, or being deleted. */
export const ContentStateSchema = z.enum(['PENDING', 'LIVE', 'REJECTED', 'FAILED', 'DELETING']);
/** A post may also be held for Google's review (PROCESSING) until Google shows or rejects it. */
export const PostStateSchema = z.enum([...ContentStateSchema.options, 'PROCESSING']);

/** Spec part 2 §3 Local post, plus where it stands and Google's reason when it refused. */
export const PostViewSchema = LocalPostContentSchema.extend({
  PostId: z.string(),
  Name: z.string().nullable(),
  State: PostStateSchema,
  CreateTime: z.string().nullable(),
  Media: z.array(z.object({ GoogleUrl: z.string().nullable(), SourceUrl: z.string().nullable() })),
  SearchUrl: z.string().nullable(),
  Error: z.string().nullable(),
});
export type PostView = z.infer<typeof PostViewSchema>;

/** Spec part 2 §3 Media item. */
export const MediaViewSchema = z.object({
  MediaId: z.string(),
  Name: z.string().nullable(),
  LocationAssociationCategory: z.string(),
  SourceUrl: z.string().nullable(),
  GoogleUrl: z.string().nullable(),
  ThumbnailUrl: z.string().nullable(),
  ViewCount: z.number(),
  CreateTime: z.string().nullable(),
  State: ContentStateSchema,
  Error: z.string().nullable(),
});
export type MediaView = z.infer<typeof MediaViewSchema>;

const AuthorFields = { AuthorDisplayName: z.string(), AuthorProfilePhotoUri: z.string().nullable(), UpvoteCount: z.number() };
/** Spec part 2 §3 Question. */
export const QuestionViewSchema = z.object({
  Name: z.string(),
  QuestionText: z.string(),
  ...AuthorFields,
  CreatedTime: z.string().nullable(),
  TopAnswers: z.array(z.object({ AnswerText: z.string(), ...AuthorFields, CreateTime: z.string().nullable() })),
});
export type QuestionView = z.infer<typeof QuestionViewSchema>;

const httpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TimeSchema = z.object({
  Hours: z.number({ error: 'Hours must be a number' }).int().min(0, 'Hours must be 0-23').max(23, 'Hours must be 0-23'),
  Minutes: z.number({ error: 'Minutes must be a number' }).int().min(0, 'Minutes must be 0-59').max(59, 'Minutes must be 0-59'),
});
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`);

/**
 * Create Post (spec part 2 §4 Post creation, Call to action; §5): a call to action other than
 * None or CALL needs a URL ("Please update the url"); Event and Offer need a title and dates.
 */
export const CreatePostBodySchema = z
  .object({
    TopicType: z.enum(POST_TOPIC_TYPES, { error: `TopicType must be one of ${POST_TOPIC_TYPES.join(', ')}` }),
    // Refused over Google's limit, never cut: the person shortens it (Google counts characters).
    Summary: z
      .string({ error: 'Summary must be text' })
      .trim()
      .refine((v) => characterCount(v) <= GOOGLE_LIMITS.postSummary.max, limitMessage('postSummary', 'Summary'))
      .default(''),
    MediaUrl: z.string({ error: 'MediaUrl must be text' }).trim().max(2000).nullable().optional(),
    CallToAction: z
      .object({
        ActionType: z.enum(CALL_TO_ACTION_TYPES, { error: `ActionType must be one of ${CALL_TO_ACTION_TYPES.join(', ')}` }),
        Url: z.string({ error: 'Url must be text' }).trim().max(2000).optional(),
      })
      .nullable()
      .optional(),
    Event: z
      .object({
        EventTitle: text('EventTitle', 58).default(''),
        Schedule: z.object({
          StartDate: z.string({ error: 'StartDate is required' }).regex(DATE, 'StartDate must be yyyy-MM-dd'),
          EndDate: z.string({ error: 'EndDate is required' }).regex(DATE, 'EndDate must be yyyy-MM-dd'),
          EnableTime: z.boolean().default(false),
          StartTime: TimeSchema.nullable().optional(),
          EndTime: TimeSchema.nullable().optional(),
        }),
      })
      .nullable()
      .optional(),
    Offer: z
      .object({
        CouponCode: text('CouponCode', 58).default(''),
        RedeemOnlineUrl: z.string().trim().max(2000).default(''),
        TermsConditions: text('TermsConditions', 5000).default(''),
      })
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const cta = b.CallToAction;
    if (cta && cta.ActionType !== 'ACTION_TYPE_UNSPECIFIED' && cta.ActionType !== 'CALL' && !(cta.Url && httpUrl(cta.Url)))
      ctx.addIssue({ code: 'custom', path: ['CallToAction', 'Url'], message: m.postUrlRequired });
    if (b.MediaUrl && !b.MediaUrl.startsWith('/media/') && !httpUrl(b.MediaUrl))
      ctx.addIssue({ code: 'custom', path: ['MediaUrl'], message: 'MediaUrl must be an http(s) address' });
    if (b.TopicType === 'STANDARD' && !b.Summary && !b.MediaUrl) ctx.addIssue({ code: 'custom', path: ['Summary'], message: 'Summary is required' });
    if (b.TopicType !== 'STANDARD') {
      if (!b.Event) ctx.addIssue({ code: 'custom', path: ['Event'], message: m.eventDatesRequired });
      else {
        if (!b.Event.EventTitle) ctx.addIssue({ code: 'custom', path: ['Event', 'EventTitle'], message: m.eventTitleRequired });
        if (b.Event.Schedule.EndDate < b.Event.Schedule.StartDate)
          ctx.addIssue({ code: 'custom', path: ['Event', 'Schedule', 'EndDate'], message: m.eventEndBeforeStart });
      }
    }
    const redeem = b.Offer?.RedeemOnlineUrl;
    if (b.TopicType === 'OFFER' && redeem && !httpUrl(redeem))
      ctx.addIssue({ code: 'custom', path: ['Offer', 'RedeemOnlineUrl'], message: 'RedeemOnlineUrl must be an http(s) address' });
  });
export type CreatePostBody = z.output<typeof CreatePostBodySchema>;

/** The stored content of a post from the dialog's body: fields that do not apply to the type are dropped. */
export function postContentOf(b: CreatePostBody): LocalPostContent {
  const cta = b.CallToAction && b.CallToAction.ActionType !== 'ACTION_TYPE_UNSPECIFIED' ? b.CallToAction : null;
  const event = b.TopicType === 'STANDARD' || !b.Event ? null : b.Event;
  const time = event?.Schedule.EnableTime;
  return {
    TopicType: b.TopicType,
    Summary: b.Summary,
    MediaUrl: b.MediaUrl ? b.MediaUrl : null,
    CallToAction: cta ? { ActionType: cta.ActionType, Url: cta.ActionType === 'CALL' ? '' : (cta.Url ?? '') } : null,
    Event: event
      ? {
          EventTitle: event.EventTitle,
          Schedule: {
            StartDate: event.Schedule.StartDate,
            EndDate: event.Schedule.EndDate,
            EnableTime: Boolean(time),
            StartTime: time ? (event.Schedule.StartTime ?? { Hours: 0, Minutes: 0 }) : null,
            EndTime: time ? (event.Schedule.EndTime ?? { Hours: 0, Minutes: 0 }) : null,
          },
        }
      : null,
    Offer:
      b.TopicType === 'OFFER'
        ? { CouponCode: b.Offer?.CouponCode ?? '', RedeemOnlineUrl: b.Offer?.RedeemOnlineUrl ?? '', TermsConditions: b.Offer?.TermsConditions ?? '' }
        : null,
  };
}

export const MediaUploadFieldsSchema = z.object({
  Category: z.enum(MEDIA_CATEGORIES, { error: `Category must be one of ${MEDIA_CATEGORIES.join(', ')}` }).default('ADDITIONAL'),
});
/** Create from URL as the location's cover or logo (spec part 2 §7 Media). */
export const CreateMediaBodySchema = z.object({
  Url: z
    .string({ error: 'Url is required' })
    .trim()
    .min(1, 'Url is required')
    .max(2000)
    .refine((u) => u.startsWith('/media/') || httpUrl(u), 'Url must be an http(s) address'),
  Type: z.enum(['COVER', 'LOGO'], { error: 'Type must be COVER or LOGO' }),
});
