import { CALL_TO_ACTION_TYPES, CreatePostBodySchema, POST_TOPIC_TYPES, type CreatePostBody } from '@locus/contracts';
import { z } from 'zod';
import { postEventBodyOf, PostEventFormSchema } from '@web/shared/forms/post-event';
import { sectionTexts as t } from './constants';

type TopicType = CreatePostBody['TopicType'];
type ActionType = (typeof CALL_TO_ACTION_TYPES)[number];

/**
 * The Create Post dialog's values (spec part 2 §4 Post creation), laid out as the route's body so
 * its errors land on the fields; times are typed as `HH:MM` and every block is kept while hidden.
 */
const PostFormValuesSchema = z.object({
  TopicType: z.enum(POST_TOPIC_TYPES),
  Summary: z.string(),
  MediaUrl: z.string().nullable(),
  CallToAction: z.object({ ActionType: z.enum(CALL_TO_ACTION_TYPES), Url: z.string() }),
  Event: PostEventFormSchema,
  Offer: z.object({ CouponCode: z.string(), RedeemOnlineUrl: z.string(), TermsConditions: z.string() }),
});
export type PostForm = z.infer<typeof PostFormValuesSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
export const todayIso = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

const noEvent = (): PostForm['Event'] => ({ EventTitle: '', Schedule: { StartDate: '', EndDate: '', EnableTime: false, StartTime: '', EndTime: '' } });
const noOffer = (): PostForm['Offer'] => ({ CouponCode: '', RedeemOnlineUrl: '', TermsConditions: '' });

export const emptyPostForm = (): PostForm => ({
  TopicType: 'STANDARD',
  Summary: '',
  MediaUrl: null,
  CallToAction: { ActionType: 'ACTION_TYPE_UNSPECIFIED', Url: '' },
  Event: noEvent(),
  Offer: noOffer(),
});

/**
 * Changing the post type resets the summary; Event or Offer start an event whose dates default
 * to today (Offer also an offer block); Standard clears the event.
 */
export function withTopicType(form: PostForm, type: TopicType, now = new Date()): PostForm {
  const base = { ...form, TopicType: type, Summary: '' };
  if (type === 'STANDARD') return { ...base, Event: noEvent(), Offer: noOffer() };
  const today = todayIso(now);
  const schedule = form.Event.Schedule;
  const withEvent = {
    ...base,
    Event: { ...form.Event, Schedule: { ...schedule, StartDate: schedule.StartDate || today, EndDate: schedule.EndDate || today } },
  };
  return type === 'EVENT' ? { ...withEvent, Offer: noOffer() } : withEvent;
}

/** Turning on Add time sets start and end time to 00:00. */
export const timesOf = (on: boolean) => (on ? { StartTime: '00:00', EndTime: '00:00' } : { StartTime: '', EndTime: '' });

/** A call to action other than None or CALL needs a URL ("Please update the url"). */
export const ctaNeedsUrl = (actionType: string) => actionType !== 'ACTION_TYPE_UNSPECIFIED' && actionType !== 'CALL';

/** The route's body: blocks that do not apply to the type are left out. */
export function postRequestOf(form: PostForm): z.input<typeof CreatePostBodySchema> {
  const action: ActionType = form.CallToAction.ActionType;
  return {
    TopicType: form.TopicType,
    Summary: form.Summary,
    MediaUrl: form.MediaUrl,
    CallToAction: action === 'ACTION_TYPE_UNSPECIFIED' ? null : { ActionType: action, Url: ctaNeedsUrl(action) ? form.CallToAction.Url : undefined },
    Event: form.TopicType === 'STANDARD' ? null : postEventBodyOf(form.Event),
    Offer: form.TopicType === 'OFFER' ? form.Offer : null,
  };
}

/** The form's schema: its values become the route's body, which the route's own schema checks. */
export const PostFormSchema = PostFormValuesSchema.transform(postRequestOf).pipe(CreatePostBodySchema);

/** Question authors' photos come protocol-relative (`//host/...`): they are loaded over https. */
export const httpsPhotoUrl = (url: string | null): string | null => (url ? (url.startsWith('//') ? `https:${url}` : url) : null);

/** The publishers the dialog shows for a search text and the column filters. */
export function filterPublishers<P extends { Platform: string; Disposition: string }>(
  rows: readonly P[],
  search: string,
  platform: string,
  status: string,
): P[] {
  const s = search.trim().toLowerCase();
  const p = platform.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!s || r.Platform.toLowerCase().includes(s) || r.Disposition.toLowerCase().includes(s)) &&
      (!p || r.Platform.toLowerCase().includes(p)) &&
      (!status || r.Disposition === status),
  );
}

/** What the Actions column offers (spec: View Listing when Successful; else Not published yet; No link available). */
export function publisherAction(p: { Disposition: string; Link: string | null }): { kind: 'link'; href: string } | { kind: 'text'; text: string } {
  if (p.Disposition !== 'Successful') return { kind: 'text', text: t.notPublishedYet };
  return p.Link ? { kind: 'link', href: p.Link } : { kind: 'text', text: t.noLink };
}
