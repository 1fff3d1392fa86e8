import { renderPostSummary, renderVariablesInText, type LocationProfile, type TemplatePost } from '@locus/contracts';
import type { GoogleBusinessClient } from '../google/client';
import type { GoogleDate, LocalPost } from '../google/types';

/**
 * The one place a template's post meets Google: what a location's post looks like (the
 * template rendered with the location's values, plain text within the summary limit) and the
 * calls that create it or find it again after a crash. Kept small so it can move onto the
 * location details' local-post creation when that lands.
 */
const googleDate = (iso: string): GoogleDate => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

export function googleLocalPost(post: TemplatePost, profile: LocationProfile, publicUrl: string): LocalPost {
  const summary = renderPostSummary(post.TemplateContent, profile);
  const local: LocalPost = { languageCode: 'en', topicType: post.TopicType, summary };
  const cta = post.CallToAction;
  if (cta && cta.ActionType !== 'ACTION_TYPE_UNSPECIFIED' && post.TopicType !== 'OFFER')
    local.callToAction = { actionType: cta.ActionType, ...(cta.Url ? { url: cta.Url } : {}) };
  if (post.Event) {
    const s = post.Event.Schedule;
    local.event = {
      title: renderVariablesInText(post.Event.EventTitle, profile).slice(0, 58) || post.Event.EventTitle,
      schedule: {
        startDate: googleDate(s.StartDate),
        endDate: googleDate(s.EndDate),
        ...(s.EnableTime && s.StartTime ? { startTime: { hours: s.StartTime.Hours, minutes: s.StartTime.Minutes } } : {}),
        ...(s.EnableTime && s.EndTime ? { endTime: { hours: s.EndTime.Hours, minutes: s.EndTime.Minutes } } : {}),
      },
    };
  }
  if (post.Offer && post.TopicType === 'OFFER') {
    const o = post.Offer;
    local.offer = {
      ...(o.CouponCode ? { couponCode: o.CouponCode } : {}),
      ...(o.RedeemOnlineUrl ? { redeemOnlineUrl: o.RedeemOnlineUrl } : {}),
      ...(o.TermsConditions ? { termsConditions: o.TermsConditions } : {}),
    };
  }
  if (post.MediaItemUrl) {
    const sourceUrl = post.MediaItemUrl.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${post.MediaItemUrl}` : post.MediaItemUrl;
    local.media = [{ mediaFormat: 'PHOTO', sourceUrl }];
  }
  return local;
}

export const createTemplateLocalPost = (client: GoogleBusinessClient, v4LocationName: string, post: LocalPost): Promise<LocalPost> =>
  client.createLocalPost(v4LocationName, post);

/**
 * A post this template made at the location since `since` (a call that reached Google before
 * a crash): same topic and summary, created after the attempt started (less clock skew).
 * Newest posts come first, so the first pages suffice.
 */
export async function findTemplateLocalPost(client: GoogleBusinessClient, v4LocationName: string, post: LocalPost, since: string): Promise<LocalPost | null> {
  const after = Date.parse(since) - 60_000;
  let pageToken: string | undefined;
  for (let page = 0; page < 3; page++) {
    const result = await client.listLocalPosts(v4LocationName, { pageSize: 100, ...(pageToken ? { pageToken } : {}) });
    for (const candidate of result.items) {
      const created = candidate.createTime ? Date.parse(candidate.createTime) : Number.NaN;
      if (candidate.topicType === post.topicType && candidate.summary === post.summary && !(created < after)) return candidate;
    }
    if (!result.nextPageToken) return null;
    pageToken = result.nextPageToken;
  }
  return null;
}
