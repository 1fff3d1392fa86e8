import { limitProblem, type CreatePostBody } from '@locus/contracts';
import { sectionTexts as t } from './constants';

type TopicType = CreatePostBody['TopicType'];

/** The Create Post dialog's form (spec part 2 §4 Post creation). */
export interface PostForm {
  TopicType: TopicType;
  Summary: string;
  MediaUrl: string | null;
  ActionType: string;
  Url: string;
  EventTitle: string;
  StartDate: string;
  EndDate: string;
  EnableTime: boolean;
  StartTime: string;
  EndTime: string;
  CouponCode: string;
  RedeemOnlineUrl: string;
  TermsConditions: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const todayIso = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export const emptyPostForm = (): PostForm => ({
  TopicType: 'STANDARD',
  Summary: '',
  MediaUrl: null,
  ActionType: 'ACTION_TYPE_UNSPECIFIED',
  Url: '',
  EventTitle: '',
  StartDate: '',
  EndDate: '',
  EnableTime: false,
  StartTime: '',
  EndTime: '',
  CouponCode: '',
  RedeemOnlineUrl: '',
  TermsConditions: '',
});

/**
 * Changing the post type resets the summary; Event or Offer start an event whose dates default
 * to today (Offer also an offer block); Standard clears the event.
 */
export function withTopicType(form: PostForm, type: TopicType, now = new Date()): PostForm {
  const base = { ...form, TopicType: type, Summary: '' };
  if (type === 'STANDARD')
    return {
      ...base,
      EventTitle: '',
      StartDate: '',
      EndDate: '',
      EnableTime: false,
      StartTime: '',
      EndTime: '',
      CouponCode: '',
      RedeemOnlineUrl: '',
      TermsConditions: '',
    };
  const today = todayIso(now);
  const withEvent = { ...base, StartDate: form.StartDate || today, EndDate: form.EndDate || today };
  return type === 'EVENT' ? { ...withEvent, CouponCode: '', RedeemOnlineUrl: '', TermsConditions: '' } : withEvent;
}

/** Turning on Add time sets start and end time to 00:00. */
export const withTime = (form: PostForm, on: boolean): PostForm =>
  on ? { ...form, EnableTime: true, StartTime: '00:00', EndTime: '00:00' } : { ...form, EnableTime: false, StartTime: '', EndTime: '' };

/** A call to action other than None or CALL needs a URL ("Please update the url"). */
export const ctaNeedsUrl = (actionType: string) => actionType !== 'ACTION_TYPE_UNSPECIFIED' && actionType !== 'CALL';

export function postFormProblems(form: PostForm): Partial<Record<keyof PostForm, string>> {
  const problems: Partial<Record<keyof PostForm, string>> = {};
  if (ctaNeedsUrl(form.ActionType) && !/^https?:\/\/\S+$/i.test(form.Url.trim())) problems.Url = t.postUrlRequired;
  if (form.TopicType === 'STANDARD' && !form.Summary.trim() && !form.MediaUrl) problems.Summary = 'Summary is required';
  const tooLong = limitProblem('postSummary', form.Summary.trim(), 'Summary');
  if (tooLong) problems.Summary = tooLong;
  if (form.TopicType !== 'STANDARD') {
    if (!form.EventTitle.trim()) problems.EventTitle = t.eventTitleRequired;
    if (!form.StartDate || !form.EndDate) problems.StartDate = t.eventDatesRequired;
    else if (form.EndDate < form.StartDate) problems.EndDate = t.eventEndBeforeStart;
  }
  return problems;
}

const time = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return { Hours: h ?? 0, Minutes: m ?? 0 };
};

export function postRequestOf(form: PostForm): CreatePostBody {
  const event =
    form.TopicType === 'STANDARD'
      ? null
      : {
          EventTitle: form.EventTitle.trim(),
          Schedule: {
            StartDate: form.StartDate,
            EndDate: form.EndDate,
            EnableTime: form.EnableTime,
            StartTime: form.EnableTime ? time(form.StartTime || '00:00') : null,
            EndTime: form.EnableTime ? time(form.EndTime || '00:00') : null,
          },
        };
  return {
    TopicType: form.TopicType,
    Summary: form.Summary.trim(),
    MediaUrl: form.MediaUrl,
    CallToAction:
      form.ActionType === 'ACTION_TYPE_UNSPECIFIED'
        ? null
        : {
            ActionType: form.ActionType as NonNullable<CreatePostBody['CallToAction']>['ActionType'],
            Url: ctaNeedsUrl(form.ActionType) ? form.Url.trim() : undefined,
          },
    Event: event,
    Offer:
      form.TopicType === 'OFFER'
        ? { CouponCode: form.CouponCode.trim(), RedeemOnlineUrl: form.RedeemOnlineUrl.trim(), TermsConditions: form.TermsConditions.trim() }
        : null,
  };
}

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
