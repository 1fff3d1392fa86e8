import { createHash } from 'node:crypto';
import { POST_TOPIC_TYPES, CALL_TO_ACTION_TYPES, type GoogleMediaItem, type GooglePost, type GoogleQuestion, type LocalPostContent } from '@locus/contracts';
import type { GoogleDate, GoogleQuestionItem, LocalPost, MediaItem, TimeOfDay } from '../google/types';

/** A stable id (uuid-shaped) for something Google named, or for a caller's idempotency key. */
export function contentId(kind: string, ...parts: string[]): string {
  const h = createHash('sha256')
    .update([kind, ...parts].join('\u0001'))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const isoDate = (d: GoogleDate | undefined) =>
  d ? `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : '';
const googleDate = (iso: string): GoogleDate => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};
const time = (t: TimeOfDay | undefined) => (t ? { Hours: t.hours ?? 0, Minutes: t.minutes ?? 0 } : null);
const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** Google's post in the spec's terms. */
export function postFromGoogle(p: LocalPost): GooglePost {
  const event = p.event;
  return {
    name: p.name ?? '',
    state: p.state ?? 'LOCAL_POST_STATE_UNSPECIFIED',
    createTime: p.createTime ?? null,
    searchUrl: p.searchUrl ?? null,
    googleMediaUrl: p.media?.[0]?.googleUrl ?? null,
    content: {
      TopicType: oneOf(POST_TOPIC_TYPES, p.topicType, 'STANDARD'),
      Summary: p.summary ?? '',
      MediaUrl: p.media?.[0]?.sourceUrl ?? null,
      CallToAction: p.callToAction
        ? { ActionType: oneOf(CALL_TO_ACTION_TYPES, p.callToAction.actionType, 'ACTION_TYPE_UNSPECIFIED'), Url: p.callToAction.url ?? '' }
        : null,
      Event: event
        ? {
            EventTitle: event.title ?? '',
            Schedule: {
              StartDate: isoDate(event.schedule?.startDate),
              EndDate: isoDate(event.schedule?.endDate),
              EnableTime: Boolean(event.schedule?.startTime),
              StartTime: time(event.schedule?.startTime),
              EndTime: time(event.schedule?.endTime),
            },
          }
        : null,
      Offer: p.offer
        ? { CouponCode: p.offer.couponCode ?? '', RedeemOnlineUrl: p.offer.redeemOnlineUrl ?? '', TermsConditions: p.offer.termsConditions ?? '' }
        : null,
    },
  };
}

/** An image URL Google can fetch: Locus's own uploads (`/media/...`) become absolute on the public URL. */
export const publicImageUrl = (url: string, publicUrl: string) => (url.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${url}` : url);

/**
 * The post Google is sent. Google ignores a call to action on an OFFER (the offer's redeem link
 * takes its place), so an offer's button URL becomes its redeem link when it has none.
 */
export function toGooglePost(c: LocalPostContent, publicUrl: string): LocalPost {
  const cta = c.CallToAction && c.CallToAction.ActionType !== 'ACTION_TYPE_UNSPECIFIED' ? c.CallToAction : null;
  const schedule = c.Event?.Schedule;
  return {
    languageCode: 'en-US',
    topicType: c.TopicType,
    ...(c.Summary ? { summary: c.Summary } : {}),
    ...(cta && c.TopicType !== 'OFFER'
      ? {
          callToAction: {
            actionType: cta.ActionType as Exclude<typeof cta.ActionType, 'ACTION_TYPE_UNSPECIFIED'>,
            ...(cta.ActionType === 'CALL' ? {} : { url: cta.Url }),
          },
        }
      : {}),
    ...(c.Event && schedule
      ? {
          event: {
            title: c.Event.EventTitle,
            schedule: {
              startDate: googleDate(schedule.StartDate),
              endDate: googleDate(schedule.EndDate),
              ...(schedule.EnableTime && schedule.StartTime && schedule.EndTime
                ? {
                    startTime: { hours: schedule.StartTime.Hours, minutes: schedule.StartTime.Minutes },
                    endTime: { hours: schedule.EndTime.Hours, minutes: schedule.EndTime.Minutes },
                  }
                : {}),
            },
          },
        }
      : {}),
    ...(c.TopicType === 'OFFER'
      ? {
          offer: {
            ...(c.Offer?.CouponCode ? { couponCode: c.Offer.CouponCode } : {}),
            ...(c.Offer?.RedeemOnlineUrl || cta?.Url ? { redeemOnlineUrl: c.Offer?.RedeemOnlineUrl || cta!.Url } : {}),
            ...(c.Offer?.TermsConditions ? { termsConditions: c.Offer.TermsConditions } : {}),
          },
        }
      : {}),
    ...(c.MediaUrl ? { media: [{ mediaFormat: 'PHOTO' as const, sourceUrl: publicImageUrl(c.MediaUrl, publicUrl) }] } : {}),
  };
}

export function mediaFromGoogle(m: MediaItem): GoogleMediaItem {
  return {
    name: m.name ?? '',
    category: m.locationAssociation?.category ?? 'ADDITIONAL',
    mediaFormat: m.mediaFormat,
    sourceUrl: m.sourceUrl ?? null,
    googleUrl: m.googleUrl ?? null,
    thumbnailUrl: m.thumbnailUrl ?? null,
    viewCount: Number(m.insights?.viewCount ?? 0) || 0,
    createTime: m.createTime ?? null,
    width: m.dimensions?.widthPixels ?? null,
    height: m.dimensions?.heightPixels ?? null,
  };
}

export function questionFromGoogle(q: GoogleQuestionItem): GoogleQuestion {
  return {
    name: q.name,
    text: q.text ?? '',
    authorName: q.author?.displayName ?? 'A Google User',
    authorPhotoUrl: q.author?.profilePhotoUri ?? null,
    upvoteCount: q.upvoteCount ?? 0,
    createTime: q.createTime ?? null,
    topAnswers: (q.topAnswers ?? []).map((a) => ({
      text: a.text ?? '',
      authorName: a.author?.displayName ?? 'A Google User',
      authorPhotoUrl: a.author?.profilePhotoUri ?? null,
      upvoteCount: a.upvoteCount ?? 0,
      createTime: a.createTime ?? null,
    })),
  };
}
