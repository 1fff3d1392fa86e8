import { CTA_ACTION_TYPES, ctaNeedsUrl, POST_TOPIC_TYPES, TemplateBodySchema, type PostTemplate, type TemplateBody } from '@locus/contracts';
import { z } from 'zod';
import { postEventBodyOf, PostEventFormSchema } from '@web/shared/forms/post-event';

/**
 * The template editor's values, laid out as the route's body so its errors land on the fields;
 * times and the schedule are typed as the inputs give them, and every block is kept while hidden.
 */
const TemplateFormValuesSchema = z.object({
  Id: z.string().nullable(),
  TopicType: z.enum(POST_TOPIC_TYPES),
  TemplateContent: z.string(),
  MediaItemUrl: z.string(),
  CallToAction: z.object({ ActionType: z.enum(CTA_ACTION_TYPES), Url: z.string() }),
  Event: PostEventFormSchema,
  Offer: z.object({ CouponCode: z.string(), RedeemOnlineUrl: z.string(), TermsConditions: z.string() }),
  TemplateLocationIds: z.array(z.string()),
  /** A `datetime-local` value (local time), or empty. */
  ScheduleDate: z.string(),
});
export type TemplateForm = z.infer<typeof TemplateFormValuesSchema>;

export const timeLabel = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
const today = () => new Date().toISOString().slice(0, 10);
/** `datetime-local` value (local time) of an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => {
  const time = value ? new Date(value).getTime() : NaN;
  // an unreadable date goes as typed, for the route's schema to refuse
  return value ? (Number.isNaN(time) ? value : new Date(time).toISOString()) : null;
};

/** A template's values in the editor; a new one is a Standard post whose event would start today at 00:00. */
export const templateFormOf = (template: PostTemplate | null): TemplateForm => {
  const schedule = template?.Event?.Schedule;
  return {
    Id: template?.Id ?? null,
    TopicType: template?.TopicType ?? 'STANDARD',
    TemplateContent: template?.TemplateContent ?? '',
    MediaItemUrl: template?.MediaItemUrl ?? '',
    CallToAction: { ActionType: template?.CallToAction?.ActionType ?? 'ACTION_TYPE_UNSPECIFIED', Url: template?.CallToAction?.Url ?? '' },
    Event: {
      EventTitle: template?.Event?.EventTitle ?? '',
      Schedule: {
        StartDate: schedule?.StartDate ?? today(),
        EndDate: schedule?.EndDate ?? today(),
        EnableTime: schedule?.EnableTime ?? false,
        StartTime: timeLabel(schedule?.StartTime?.Hours ?? 0, schedule?.StartTime?.Minutes ?? 0),
        EndTime: timeLabel(schedule?.EndTime?.Hours ?? 0, schedule?.EndTime?.Minutes ?? 0),
      },
    },
    Offer: {
      CouponCode: template?.Offer?.CouponCode ?? '',
      RedeemOnlineUrl: template?.Offer?.RedeemOnlineUrl ?? '',
      TermsConditions: template?.Offer?.TermsConditions ?? '',
    },
    TemplateLocationIds: template?.TemplateLocationIds ?? [],
    ScheduleDate: toLocalInput(template?.ScheduleDate ?? null),
  };
};

/** The route's body: blocks that do not apply to the post type are left out. */
export function templateBodyOf(form: TemplateForm): TemplateBody {
  const action = form.CallToAction.ActionType;
  return {
    Id: form.Id,
    TopicType: form.TopicType,
    TemplateContent: form.TemplateContent,
    MediaItemUrl: form.MediaItemUrl.trim() || null,
    CallToAction: form.TopicType === 'OFFER' ? null : { ActionType: action, Url: ctaNeedsUrl(action) ? form.CallToAction.Url : null },
    Event: form.TopicType === 'STANDARD' ? null : postEventBodyOf(form.Event),
    Offer: form.TopicType === 'OFFER' ? form.Offer : null,
    TemplateLocationIds: form.TemplateLocationIds,
    ScheduleDate: fromLocalInput(form.ScheduleDate),
  };
}

/** The editor's schema: its values become the route's body, which the route's own schema checks. */
export const TemplateFormSchema = TemplateFormValuesSchema.transform(templateBodyOf).pipe(TemplateBodySchema);
