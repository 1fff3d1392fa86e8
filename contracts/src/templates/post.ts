import { z } from 'zod';
import { limitProblem } from '../google-limits';
import { htmlToPlainText } from './plain-text';
import { TEMPLATE_CONTENT_MAX_LENGTH, templateMessages } from './messages';

/**
 * A post template's post (spec part 2 §3 Post template, §4 Post creation and Call to action,
 * §5 CTA URL rule): the same fields and rules as a location's post, with the content as rich
 * text holding `@variables`.
 */
export const POST_TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER'] as const;
export const PostTopicTypeSchema = z.enum(POST_TOPIC_TYPES);
export type PostTopicType = z.infer<typeof PostTopicTypeSchema>;

/** Google's call-to-action types; ACTION_TYPE_UNSPECIFIED is shown as None. */
export const CTA_ACTION_TYPES = ['ACTION_TYPE_UNSPECIFIED', 'BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
export const CtaActionTypeSchema = z.enum(CTA_ACTION_TYPES);
export type CtaActionType = z.infer<typeof CtaActionTypeSchema>;
/** CTA types that need no URL: None and CALL (customers call the location's phone number). */
export const ctaNeedsUrl = (type: CtaActionType): boolean => type !== 'ACTION_TYPE_UNSPECIFIED' && type !== 'CALL';

const TimeOfDaySchema = z.object({ Hours: z.number().int().min(0).max(23), Minutes: z.number().int().min(0).max(59) });
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const WebUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/\S+$/i, templateMessages.updateUrl);

export const PostEventSchema = z.object({
  EventTitle: z.string().trim().min(1, 'Event title is required').max(58),
  Schedule: z.object({
    StartDate: IsoDate,
    EndDate: IsoDate,
    EnableTime: z.boolean().default(false),
    StartTime: TimeOfDaySchema.nullable().optional(),
    EndTime: TimeOfDaySchema.nullable().optional(),
  }),
});
export const PostOfferSchema = z.object({
  CouponCode: z.string().trim().max(58).default(''),
  RedeemOnlineUrl: z.string().trim().max(2000).default(''),
  TermsConditions: z.string().trim().max(5000).default(''),
});
export const CallToActionSchema = z.object({ ActionType: CtaActionTypeSchema, Url: z.string().trim().max(2000).nullable().optional() });

/** The post as stored and sent for each location (content sanitised, `@variables` unrendered). */
export const TemplatePostSchema = z.object({
  TopicType: PostTopicTypeSchema,
  TemplateContent: z.string(),
  MediaItemUrl: z.string().nullable(),
  CallToAction: z.object({ ActionType: CtaActionTypeSchema, Url: z.string().nullable() }).nullable(),
  Event: z
    .object({
      EventTitle: z.string(),
      Schedule: z.object({
        StartDate: z.string(),
        EndDate: z.string(),
        EnableTime: z.boolean(),
        StartTime: TimeOfDaySchema.nullable(),
        EndTime: TimeOfDaySchema.nullable(),
      }),
    })
    .nullable(),
  Offer: z.object({ CouponCode: z.string(), RedeemOnlineUrl: z.string(), TermsConditions: z.string() }).nullable(),
});
export type TemplatePost = z.infer<typeof TemplatePostSchema>;

/** The editor's request (POST save): a post plus its locations and an optional publishing date. */
export const TemplateBodySchema = z
  .object({
    Id: z.string().trim().max(200).nullable().optional(),
    TopicType: PostTopicTypeSchema,
    TemplateContent: z.string().max(TEMPLATE_CONTENT_MAX_LENGTH),
    MediaItemUrl: z.string().trim().max(2000).nullable().optional(),
    CallToAction: CallToActionSchema.nullable().optional(),
    Event: PostEventSchema.nullable().optional(),
    Offer: PostOfferSchema.nullable().optional(),
    TemplateLocationIds: z.array(z.string().min(1).max(200)).max(5000).default([]),
    /** When set (ISO date-time), the template publishes itself then. */
    ScheduleDate: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.TemplateContent.replace(/<[^>]*>/g, '').trim() === '')
      ctx.addIssue({ code: 'custom', path: ['TemplateContent'], message: 'Template content is required' });
    // The text as written (variables not yet filled in); each location's rendered text is checked again before it is sent.
    const summary = limitProblem('postSummary', htmlToPlainText(body.TemplateContent), 'Template content');
    if (summary) ctx.addIssue({ code: 'custom', path: ['TemplateContent'], message: summary });
    if (body.TopicType !== 'STANDARD') {
      if (!body.Event) ctx.addIssue({ code: 'custom', path: ['Event'], message: 'Event title, start date and end date are required' });
      else if (body.Event.Schedule.EndDate < body.Event.Schedule.StartDate)
        ctx.addIssue({ code: 'custom', path: ['Event', 'Schedule', 'EndDate'], message: 'End date must not be before the start date' });
    }
    const cta = body.CallToAction;
    if (body.TopicType !== 'OFFER' && cta && ctaNeedsUrl(cta.ActionType) && !WebUrl.safeParse(cta.Url ?? '').success)
      ctx.addIssue({ code: 'custom', path: ['CallToAction', 'Url'], message: templateMessages.updateUrl });
    if (body.TopicType === 'OFFER' && body.Offer?.RedeemOnlineUrl && !WebUrl.safeParse(body.Offer.RedeemOnlineUrl).success)
      ctx.addIssue({ code: 'custom', path: ['Offer', 'RedeemOnlineUrl'], message: 'Redeem online link must be a web address' });
    if (body.MediaItemUrl && !/^(https?:\/\/\S+|\/media\/\S+)$/i.test(body.MediaItemUrl))
      ctx.addIssue({ code: 'custom', path: ['MediaItemUrl'], message: 'The image must be an uploaded image or a web address' });
  });
export type TemplateBody = z.input<typeof TemplateBodySchema>;

/** The stored post of a validated request: fields of other post types dropped, as the editor does. */
export function templatePostOf(body: z.output<typeof TemplateBodySchema>, sanitizedContent: string): TemplatePost {
  const withEvent = body.TopicType !== 'STANDARD' && body.Event;
  const cta = body.TopicType !== 'OFFER' && body.CallToAction && body.CallToAction.ActionType !== 'ACTION_TYPE_UNSPECIFIED' ? body.CallToAction : null;
  return {
    TopicType: body.TopicType,
    TemplateContent: sanitizedContent,
    MediaItemUrl: body.MediaItemUrl ? body.MediaItemUrl : null,
    CallToAction: cta ? { ActionType: cta.ActionType, Url: ctaNeedsUrl(cta.ActionType) ? (cta.Url ?? null) : null } : null,
    Event: withEvent
      ? {
          EventTitle: withEvent.EventTitle,
          Schedule: {
            StartDate: withEvent.Schedule.StartDate,
            EndDate: withEvent.Schedule.EndDate,
            EnableTime: withEvent.Schedule.EnableTime,
            StartTime: withEvent.Schedule.EnableTime ? (withEvent.Schedule.StartTime ?? { Hours: 0, Minutes: 0 }) : null,
            EndTime: withEvent.Schedule.EnableTime ? (withEvent.Schedule.EndTime ?? { Hours: 0, Minutes: 0 }) : null,
          },
        }
      : null,
    Offer:
      body.TopicType === 'OFFER'
        ? { CouponCode: body.Offer?.CouponCode ?? '', RedeemOnlineUrl: body.Offer?.RedeemOnlineUrl ?? '', TermsConditions: body.Offer?.TermsConditions ?? '' }
        : null,
  };
}
