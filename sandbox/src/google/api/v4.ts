import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { imageSize } from '../../kit/png';
import { GoogleApiError, invalidArgument, notFoundError, type FieldViolation } from '../errors';
import type { GLocation, GMedia, GPost, GReview, Json, JsonObject } from '../state';
import { decodePageToken, pageOf, pageSize, parseFieldMask, queryString, readPageToken, requireBodyObject, sizeOf } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';
import { isValidHttpUrl } from './location-validation';

const STAR_VALUE = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;
const TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER', 'ALERT'];
const ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL', 'GET_OFFER'];
export const MEDIA_CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'FOOD_AND_DRINK',
  'MENU',
  'COMMON_AREA',
  'ROOMS',
  'TEAMS',
  'ADDITIONAL',
];
const SINGLE_SLOT = ['COVER', 'PROFILE', 'LOGO'];
/** Google's limit for a photo is 5 MB and for a video 75 MB; the sandbox takes up to 25 MB. */
const MAX_UPLOAD_BYTES = 25 * 1_048_576;
/** Words that make the simulated moderation reject a reply (Google rejects replies that break its content policy). */
const BLOCKED_WORDS = /\b(idiot|stupid|liar|scam(mer)?|damn|hell|shut up)\b/i;
const PHONE_IN_TEXT = /(\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
/** A link in a post's text: Google holds such a post for review (PROCESSING) before it shows or rejects it. */
const LINK_IN_TEXT = /\bhttps?:\/\/|\bwww\./i;

const isObj = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

function v4Location(api: GoogleApi, ctx: Koa.Context, accountId: string, locationId: string): GLocation {
  const { sub } = api.caller(ctx);
  const loc = api.store.locationFor(sub, locationId);
  if (loc.accountId !== accountId) throw notFoundError();
  return loc;
}

const base = (loc: GLocation) => `accounts/${loc.accountId}/locations/${loc.id}`;
const absIfLocal = (api: GoogleApi, url: Json | undefined) => (typeof url === 'string' && url.startsWith('/') ? api.abs(url) : url);

export function reviewJson(api: GoogleApi, loc: GLocation, r: GReview): JsonObject {
  return {
    name: `${base(loc)}/reviews/${r.reviewId}`,
    reviewId: r.reviewId,
    reviewer: {
      displayName: r.reviewer.displayName,
      ...(r.reviewer.profilePhotoPath ? { profilePhotoUrl: api.abs(r.reviewer.profilePhotoPath) } : {}),
      isAnonymous: r.reviewer.isAnonymous,
    },
    starRating: r.starRating,
    ...(r.comment ? { comment: r.comment } : {}),
    createTime: r.createTime,
    updateTime: r.updateTime,
    ...(r.reviewReply ? { reviewReply: { ...r.reviewReply } } : {}),
  };
}

/** Sorts reviews (or anything with their stars and updateTime) by one of Google's review orders; 400 for another. */
function sortReviews<T extends { starRating: GReview['starRating']; updateTime: string }>(list: T[], orderBy: string): T[] {
  const stars = (r: T) => STAR_VALUE[r.starRating];
  if (orderBy === 'rating') return list.sort((a, b) => stars(a) - stars(b) || b.updateTime.localeCompare(a.updateTime));
  if (orderBy === 'rating desc') return list.sort((a, b) => stars(b) - stars(a) || b.updateTime.localeCompare(a.updateTime));
  if (orderBy === 'updateTime desc') return list.sort((a, b) => b.updateTime.localeCompare(a.updateTime));
  throw invalidArgument(
    `Invalid orderBy "${orderBy}".`,
    [{ field: 'orderBy', description: 'must be rating, rating desc or updateTime desc' }],
    'mybusiness.googleapis.com',
  );
}

/** Google's summary figures of a location's reviews: average to one decimal (0 without reviews) and count. */
export function reviewSummary(list: readonly GReview[]): { averageRating: number; totalReviewCount: number } {
  const total = list.reduce((s, r) => s + STAR_VALUE[r.starRating], 0);
  return { averageRating: list.length ? Math.round((total / list.length) * 10) / 10 : 0, totalReviewCount: list.length };
}

export function postJson(api: GoogleApi, loc: GLocation, p: GPost): JsonObject {
  const r = structuredClone(p.resource);
  if (Array.isArray(r.media)) r.media = r.media.map((m) => (isObj(m) ? { ...m, googleUrl: absIfLocal(api, m.googleUrl) ?? null } : m));
  return {
    name: `${base(loc)}/localPosts/${p.id}`,
    ...r,
    searchUrl: api.abs(`/google/maps/place/${loc.placeId}?post=${p.id}`),
  };
}

export function mediaJson(api: GoogleApi, loc: GLocation, m: GMedia): JsonObject {
  const urls =
    m.source.kind === 'generated'
      ? {
          googleUrl: api.abs(`/google/images/photo/${m.source.key}.png?w=${m.source.width}&h=${m.source.height}`),
          thumbnailUrl: api.abs(`/google/images/photo/${m.source.key}.png?w=250&h=${Math.round((250 * m.source.height) / m.source.width)}`),
        }
      : { googleUrl: api.abs(`/google/images/media/${m.id}`), thumbnailUrl: api.abs(`/google/images/media/${m.id}`) };
  return { name: `${base(loc)}/media/${m.id}`, ...structuredClone(m.resource), ...urls };
}

const ALERT_TYPES = ['COVID_19'];
/** Fields a post's updateMask may name (topicType cannot change). */
const POST_MASK_FIELDS = ['summary', 'callToAction', 'event', 'offer', 'media', 'alertType', 'languageCode'];

const dateMs = (d: Json | undefined) =>
  isObj(d) &&
  Number.isInteger(d.year) &&
  Number.isInteger(d.month) &&
  Number.isInteger(d.day) &&
  new Date(Date.UTC(Number(d.year), Number(d.month) - 1, Number(d.day))).getUTCDate() === d.day
    ? Date.UTC(Number(d.year), Number(d.month) - 1, Number(d.day))
    : undefined;

/** Minutes of a TimeOfDay, undefined when absent, NaN when out of range. */
function minutesOf(t: Json | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (!isObj(t)) return NaN;
  const h = t.hours ?? 0,
    m = t.minutes ?? 0;
  return Number.isInteger(h) && Number.isInteger(m) && Number(h) >= 0 && Number(h) <= 23 && Number(m) >= 0 && Number(m) <= 59
    ? Number(h) * 60 + Number(m)
    : NaN;
}

/** The event (title and schedule) of an EVENT or OFFER post, as Google checks it. */
function validateEvent(topic: string, ev: Json | undefined, v: FieldViolation[]) {
  if (!isObj(ev)) {
    v.push({ field: 'event', description: `is required for ${topic} posts` });
    return;
  }
  if (typeof ev.title !== 'string' || !ev.title.trim()) v.push({ field: 'event.title', description: 'is required' });
  else if (ev.title.length > 58) v.push({ field: 'event.title', description: 'must be at most 58 characters' });
  const sch = isObj(ev.schedule) ? ev.schedule : undefined;
  if (!sch) {
    v.push({ field: 'event.schedule', description: 'is required' });
    return;
  }
  const start = dateMs(sch.startDate),
    end = dateMs(sch.endDate);
  if (start === undefined) v.push({ field: 'event.schedule.startDate', description: 'a valid date is required' });
  if (end === undefined) v.push({ field: 'event.schedule.endDate', description: 'a valid date is required' });
  const startMin = minutesOf(sch.startTime),
    endMin = minutesOf(sch.endTime);
  if (Number.isNaN(startMin)) v.push({ field: 'event.schedule.startTime', description: 'hours must be 0-23 and minutes 0-59' });
  if (Number.isNaN(endMin)) v.push({ field: 'event.schedule.endTime', description: 'hours must be 0-23 and minutes 0-59' });
  if ((startMin === undefined) !== (endMin === undefined))
    v.push({
      field: startMin === undefined ? 'event.schedule.startTime' : 'event.schedule.endTime',
      description: 'start and end times are set together or not at all',
    });
  if (start !== undefined && end !== undefined && !Number.isNaN(startMin) && !Number.isNaN(endMin)) {
    const s = start + (startMin ?? 0) * 60_000,
      e = end + (endMin ?? 24 * 60) * 60_000;
    if (end < start) v.push({ field: 'event.schedule.endDate', description: 'must not be before the start date' });
    else if (!(e > s)) v.push({ field: 'event.schedule.endTime', description: 'must be after the start time' });
  }
}

/** A localPost as Google validates it on create and patch: one violation per broken rule (`media` items only when sent). */
export function validatePost(body: JsonObject, checkMediaItems = true): FieldViolation[] {
  const v: FieldViolation[] = [];
  const topic = String(body.topicType ?? '');
  if (!TOPIC_TYPES.includes(topic)) v.push({ field: 'topicType', description: `must be one of ${TOPIC_TYPES.join(', ')}` });
  const summary = body.summary;
  if (summary !== undefined && (typeof summary !== 'string' || summary.length > 1500))
    v.push({ field: 'summary', description: 'must be text of at most 1500 characters' });
  const media = body.media;
  if (topic === 'STANDARD' && !summary && !(Array.isArray(media) && media.length))
    v.push({ field: 'summary', description: 'a standard post needs a summary or a photo' });
  if (topic === 'ALERT') {
    if (!ALERT_TYPES.includes(String(body.alertType))) v.push({ field: 'alertType', description: `is required for ALERT posts: ${ALERT_TYPES.join(', ')}` });
    if (!summary) v.push({ field: 'summary', description: 'is required for ALERT posts' });
  } else if (body.alertType !== undefined) v.push({ field: 'alertType', description: 'is only allowed on ALERT posts' });
  if (topic === 'EVENT' || topic === 'OFFER') validateEvent(topic, body.event, v);
  else if (body.event !== undefined) v.push({ field: 'event', description: 'is only allowed on EVENT and OFFER posts' });
  const cta = body.callToAction;
  // Google ignores a call to action on OFFER posts (the offer's own redeem link takes its place).
  if (cta !== undefined && topic !== 'OFFER') {
    if (!isObj(cta) || !ACTION_TYPES.includes(String(cta.actionType)))
      v.push({ field: 'callToAction.actionType', description: `must be one of ${ACTION_TYPES.join(', ')}` });
    else if (cta.actionType === 'CALL') {
      if (cta.url !== undefined && cta.url !== '')
        v.push({ field: 'callToAction.url', description: "must be left unset for CALL (the location's phone number is used)" });
    } else if (typeof cta.url !== 'string' || !isValidHttpUrl(cta.url))
      v.push({ field: 'callToAction.url', description: 'a valid URL is required for this action' });
  }
  if (body.offer !== undefined && topic !== 'OFFER') v.push({ field: 'offer', description: 'is only allowed on OFFER posts' });
  const offer = body.offer;
  if (isObj(offer)) {
    if (offer.redeemOnlineUrl !== undefined && (typeof offer.redeemOnlineUrl !== 'string' || !isValidHttpUrl(offer.redeemOnlineUrl)))
      v.push({ field: 'offer.redeemOnlineUrl', description: 'must be a valid URL' });
    if (offer.couponCode !== undefined && (typeof offer.couponCode !== 'string' || offer.couponCode.length > 58))
      v.push({ field: 'offer.couponCode', description: 'must be text of at most 58 characters' });
    if (offer.termsConditions !== undefined && (typeof offer.termsConditions !== 'string' || offer.termsConditions.length > 5000))
      v.push({ field: 'offer.termsConditions', description: 'must be text of at most 5000 characters' });
  } else if (offer !== undefined) v.push({ field: 'offer', description: 'must be an object' });
  if (media !== undefined && checkMediaItems) {
    if (!Array.isArray(media)) v.push({ field: 'media', description: 'must be a list' });
    else
      media.forEach((m, i) => {
        if (!isObj(m) || !['PHOTO', 'VIDEO'].includes(String(m.mediaFormat)))
          v.push({ field: `media[${i}].mediaFormat`, description: 'must be PHOTO or VIDEO' });
        else if (typeof m.sourceUrl !== 'string' || !isValidHttpUrl(m.sourceUrl))
          v.push({ field: `media[${i}].sourceUrl`, description: 'must be a valid URL' });
      });
  }
  return v;
}

/** Copies a post body's content fields into the stored resource and sets its moderation state. */
function applyPostContent(resource: JsonObject, body: JsonObject, fields: readonly string[]) {
  for (const f of fields) {
    if (f === 'callToAction' && body.topicType === 'OFFER') continue;
    if (f === 'media') {
      if (Array.isArray(body.media))
        resource.media = body.media.map((m) => ({
          mediaFormat: (m as JsonObject).mediaFormat!,
          sourceUrl: (m as JsonObject).sourceUrl!,
          googleUrl: (m as JsonObject).sourceUrl!,
        }));
      else delete resource.media;
      continue;
    }
    if (body[f] !== undefined) resource[f] = structuredClone(body[f]!);
    else delete resource[f];
  }
  // Google's policy rejects posts with phone numbers in their text and reviews those with links first.
  const summary = typeof resource.summary === 'string' ? resource.summary : '';
  resource.state = PHONE_IN_TEXT.test(summary) ? 'REJECTED' : LINK_IN_TEXT.test(summary) ? 'PROCESSING' : 'LIVE';
}

/** A post held for review is decided later: by itself after `postReviewMs`, or sooner through the admin hook. */
function scheduleReview(post: GPost, now: number, reviewMs: number) {
  if (post.resource.state === 'PROCESSING') post.reviewDueAt = now + reviewMs;
  else delete post.reviewDueAt;
}

async function fetchSource(url: string, timeoutMs: number): Promise<{ bytes: Buffer; contentType: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
}

/** Google My Business API v4: reviews, localPosts and media of a location. */
export const registerV4Routes: RegisterRoutes = (routes, api) => {
  const { store } = api;
  const loc = `${PATHS.v4}/accounts/{accountId}/locations/{locationId}`;

  // ---- reviews ----
  routes.add('GET', `${loc}/reviews`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const orderBy = (queryString(ctx, 'orderBy', 'order_by') ?? 'updateTime desc').trim();
    const all = sortReviews([...store.reviewsOf(l)], orderBy);
    const fingerprint = `reviews|${l.id}|${orderBy}`;
    const { page, nextPageToken } = pageOf(all, readPageToken(ctx, fingerprint), pageSize(ctx, 50, 50), fingerprint);
    ctx.body = {
      reviews: page.map((r) => reviewJson(api, l, r)),
      ...reviewSummary(all),
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  });

  // Reviews of several locations of one account in one list (Google: at most 50 locations a call).
  routes.add('POST', `${PATHS.v4}/accounts/{accountId}/locations:batchGetReviews`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const account = store.accountFor(sub, p.accountId!);
    const body = requireBodyObject(ctx.request.body);
    const names = body.locationNames;
    if (!Array.isArray(names) || names.length === 0 || names.length > 50 || !names.every((n) => typeof n === 'string')) {
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'locationNames', description: 'must list 1 to 50 location names' }],
        'mybusiness.googleapis.com',
      );
    }
    const locs = (names as string[]).map((name, i) => {
      const m = /^accounts\/(\d+)\/locations\/(\d+)$/.exec(name);
      if (!m || m[1] !== account.id)
        throw invalidArgument(
          'Request contains an invalid argument.',
          [{ field: `locationNames[${i}]`, description: `must be accounts/${account.id}/locations/{locationId}` }],
          'mybusiness.googleapis.com',
        );
      const l = store.locationFor(sub, m[2]!);
      if (l.accountId !== account.id) throw notFoundError();
      return l;
    });
    const orderBy = (typeof body.orderBy === 'string' ? body.orderBy : 'updateTime desc').trim();
    const ratingOnly = body.ignoreRatingOnlyReviews === true;
    const all = sortReviews(
      locs.flatMap((l) =>
        store
          .reviewsOf(l)
          .filter((r) => !ratingOnly || r.comment)
          .map((r) => ({ l, r, starRating: r.starRating, updateTime: r.updateTime })),
      ),
      orderBy,
    );
    const fingerprint = `batchReviews|${locs.map((l) => l.id).join(',')}|${orderBy}|${ratingOnly}`;
    const size = sizeOf(body.pageSize === undefined ? undefined : String(body.pageSize), 50, 50);
    const { page, nextPageToken } = pageOf(
      all,
      decodePageToken(typeof body.pageToken === 'string' ? body.pageToken : undefined, fingerprint),
      size,
      fingerprint,
    );
    ctx.body = {
      locationReviews: page.map(({ l, r }) => ({ name: `accounts/${l.accountId}/locations/${l.id}`, review: reviewJson(api, l, r) })),
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  });

  const findReview = (l: GLocation, reviewId: string) => {
    const r = store.reviewsOf(l).find((x) => x.reviewId === reviewId);
    if (!r) throw notFoundError();
    return r;
  };

  routes.add('GET', `${loc}/reviews/{reviewId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    ctx.body = reviewJson(api, l, findReview(l, p.reviewId!));
  });

  routes.add('PUT', `${loc}/reviews/{reviewId}/reply`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const review = findReview(l, p.reviewId!);
    const body = requireBodyObject(ctx.request.body);
    const comment = body.comment;
    if (typeof comment !== 'string' || !comment.trim())
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'comment', description: 'A reply comment is required.' }],
        'mybusiness.googleapis.com',
      );
    if (Buffer.byteLength(comment) > 4096)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'comment', description: 'The reply must be at most 4096 bytes.' }],
        'mybusiness.googleapis.com',
      );
    const now = new Date(store.dataNow()).toISOString();
    const rejected = BLOCKED_WORDS.test(comment);
    review.reviewReply = {
      comment,
      updateTime: now,
      state: rejected ? 'REJECTED' : 'APPROVED',
      ...(rejected ? { policyViolation: 'PROFANITY_OR_HARASSMENT' } : {}),
    };
    store.changed();
    ctx.body = { ...review.reviewReply };
  });

  routes.add('DELETE', `${loc}/reviews/{reviewId}/reply`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const review = findReview(l, p.reviewId!);
    if (!review.reviewReply) throw notFoundError('The review has no reply.');
    delete review.reviewReply;
    store.changed();
    ctx.body = {};
  });

  // ---- local posts ----
  routes.add('GET', `${loc}/localPosts`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const size = pageSize(ctx, 20, 100);
    const fingerprint = `posts|${l.id}`;
    const { page, nextPageToken } = pageOf(store.postsOf(l), readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = { localPosts: page.map((x) => postJson(api, l, x)), ...(nextPageToken ? { nextPageToken } : {}) };
  });

  routes.add('POST', `${loc}/localPosts`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const body = requireBodyObject(ctx.request.body);
    const violations = validatePost(body);
    if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations, 'mybusiness.googleapis.com');
    const now = new Date(store.now()).toISOString();
    const resource: JsonObject = {
      languageCode: typeof body.languageCode === 'string' ? body.languageCode : 'en',
      topicType: body.topicType!,
      createTime: now,
      updateTime: now,
    };
    applyPostContent(resource, body, ['summary', 'event', 'offer', 'alertType', 'callToAction', 'media']);
    const post: GPost = { id: randomBytes(8).readBigUInt64BE().toString().padStart(19, '1').slice(0, 19), resource };
    scheduleReview(post, store.now(), store.options.postReviewMs);
    store.postsOf(l).unshift(post);
    store.changed();
    ctx.body = postJson(api, l, post);
  });

  routes.add('GET', `${loc}/localPosts/{postId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const post = store.postsOf(l).find((x) => x.id === p.postId);
    if (!post) throw notFoundError();
    ctx.body = postJson(api, l, post);
  });

  routes.add('PATCH', `${loc}/localPosts/{postId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const post = store.postsOf(l).find((x) => x.id === p.postId);
    if (!post) throw notFoundError();
    const body = requireBodyObject(ctx.request.body);
    const mask = parseFieldMask(queryString(ctx, 'updateMask', 'update_mask'), 'update_mask', POST_MASK_FIELDS);
    if (!mask?.length)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'update_mask', description: 'is required and names the fields to change' }],
        'mybusiness.googleapis.com',
      );
    const fields = [...new Set(mask.map((m) => m.split('.')[0]!))];
    const merged: JsonObject = { ...structuredClone(post.resource), topicType: post.resource.topicType! };
    for (const f of fields) {
      if (body[f] === undefined) delete merged[f];
      else merged[f] = structuredClone(body[f]!);
    }
    const violations = validatePost(merged, fields.includes('media'));
    if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations, 'mybusiness.googleapis.com');
    applyPostContent(post.resource, merged, fields);
    scheduleReview(post, store.now(), store.options.postReviewMs);
    post.resource.updateTime = new Date(store.now()).toISOString();
    store.changed();
    ctx.body = postJson(api, l, post);
  });

  routes.add('DELETE', `${loc}/localPosts/{postId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const list = store.postsOf(l);
    const i = list.findIndex((x) => x.id === p.postId);
    if (i < 0) throw notFoundError();
    list.splice(i, 1);
    store.changed();
    ctx.body = {};
  });

  // ---- media ----
  routes.add('GET', `${loc}/media`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const all = store.mediaOf(l);
    const size = pageSize(ctx, 100, 2500);
    const fingerprint = `media|${l.id}`;
    const { page, nextPageToken } = pageOf(all, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = { mediaItems: page.map((m) => mediaJson(api, l, m)), totalMediaItemCount: all.length, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  routes.add('GET', `${loc}/media/{mediaId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const m = store.mediaOf(l).find((x) => x.id === p.mediaId);
    if (!m) throw notFoundError();
    ctx.body = mediaJson(api, l, m);
  });

  // Uploads: media:startUpload gives a resource name, the bytes go to the upload endpoint, media.create takes dataRef.
  const uploads = new Map<string, { locationId: string; bytes?: Buffer; contentType: string }>();
  routes.add('POST', `${loc}/media:startUpload`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const resourceName = `AF1Qip${randomBytes(24).toString('base64url')}`;
    uploads.set(resourceName, { locationId: l.id, contentType: 'application/octet-stream' });
    ctx.body = { resourceName };
  });
  routes.add('POST', '/google/upload/v1/media/{resourceName}', async (ctx, p) => {
    api.caller(ctx);
    const upload = uploads.get(p.resourceName!);
    if (!upload) throw notFoundError('No upload was started with this resource name.');
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of ctx.req) {
      total += (chunk as Buffer).length;
      if (total > MAX_UPLOAD_BYTES) throw new GoogleApiError(413, 'INVALID_ARGUMENT', `The upload exceeds ${MAX_UPLOAD_BYTES / 1_048_576} MB.`);
      chunks.push(chunk as Buffer);
    }
    if (total === 0)
      throw invalidArgument('Request contains an invalid argument.', [{ field: 'body', description: 'the upload has no bytes' }], 'mybusiness.googleapis.com');
    upload.bytes = Buffer.concat(chunks);
    upload.contentType = ctx.get('content-type') || 'application/octet-stream';
    ctx.body = { resourceName: p.resourceName };
  });

  routes.add('POST', `${loc}/media`, async (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const body = requireBodyObject(ctx.request.body);
    const format = String(body.mediaFormat ?? '');
    const category = isObj(body.locationAssociation) ? String(body.locationAssociation.category ?? '') : '';
    const violations: FieldViolation[] = [];
    if (!['PHOTO', 'VIDEO'].includes(format)) violations.push({ field: 'mediaFormat', description: 'must be PHOTO or VIDEO' });
    if (!MEDIA_CATEGORIES.includes(category))
      violations.push({ field: 'locationAssociation.category', description: `must be one of ${MEDIA_CATEGORIES.join(', ')}` });
    // The bytes come from sourceUrl, or from an upload begun with media:startUpload (dataRef.resourceName).
    const sourceUrl = body.sourceUrl;
    const resourceName = isObj(body.dataRef) && typeof body.dataRef.resourceName === 'string' ? body.dataRef.resourceName : undefined;
    const field = resourceName !== undefined ? 'dataRef.resourceName' : 'sourceUrl';
    const upload = resourceName !== undefined ? uploads.get(resourceName) : undefined;
    if (resourceName !== undefined) {
      if (!upload || upload.locationId !== l.id) violations.push({ field, description: 'is not an upload started for this location' });
      else if (!upload.bytes) violations.push({ field, description: 'no bytes were uploaded for it' });
    } else if (typeof sourceUrl !== 'string' || !isValidHttpUrl(sourceUrl))
      violations.push({ field: 'sourceUrl', description: 'a valid http(s) URL (or dataRef.resourceName) is required' });
    if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations, 'mybusiness.googleapis.com');
    let fetched: { bytes: Buffer; contentType: string };
    if (upload?.bytes) {
      fetched = { bytes: upload.bytes, contentType: upload.contentType };
      uploads.delete(resourceName!);
    } else {
      try {
        fetched = await fetchSource(String(sourceUrl), store.options.mediaFetchTimeoutMs);
      } catch (e) {
        throw invalidArgument(
          'Request contains an invalid argument.',
          [{ field: 'sourceUrl', description: `could not be fetched (${(e as Error).message})` }],
          'mybusiness.googleapis.com',
        );
      }
    }
    const size = imageSize(fetched.bytes);
    if (format === 'PHOTO') {
      if (!size)
        throw invalidArgument(
          'Request contains an invalid argument.',
          [{ field, description: 'is not a JPEG, PNG, GIF or WebP image' }],
          'mybusiness.googleapis.com',
        );
      if (fetched.bytes.length < 10_240)
        throw invalidArgument(
          'Request contains an invalid argument.',
          [{ field, description: `photo is too small (${fetched.bytes.length} bytes; minimum 10 KB)` }],
          'mybusiness.googleapis.com',
        );
      if (size.width < 250 || size.height < 250)
        throw invalidArgument(
          'Request contains an invalid argument.',
          [{ field, description: `photo is ${size.width}x${size.height}; minimum 250x250 pixels` }],
          'mybusiness.googleapis.com',
        );
    }
    const id = `AF1Qip${randomBytes(24).toString('base64url')}`;
    const dir = path.join(store.dataDir, 'google-media');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, id), fetched.bytes);
    const list = store.mediaOf(l);
    if (SINGLE_SLOT.includes(category)) {
      for (const other of list) {
        const assoc = other.resource.locationAssociation;
        if (isObj(assoc) && assoc.category === category) assoc.category = 'ADDITIONAL';
      }
    }
    const media: GMedia = {
      id,
      source: { kind: 'blob', file: id, contentType: size?.type ?? fetched.contentType },
      resource: {
        mediaFormat: format,
        locationAssociation: { category },
        ...(typeof sourceUrl === 'string' ? { sourceUrl } : {}),
        createTime: new Date(store.now()).toISOString(),
        ...(size ? { dimensions: { widthPixels: size.width, heightPixels: size.height } } : {}),
        insights: { viewCount: '0' },
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
      },
    };
    list.unshift(media);
    store.changed();
    ctx.body = mediaJson(api, l, media);
  });

  routes.add('DELETE', `${loc}/media/{mediaId}`, (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const list = store.mediaOf(l);
    const i = list.findIndex((x) => x.id === p.mediaId);
    if (i < 0) throw notFoundError();
    list.splice(i, 1);
    store.changed();
    ctx.body = {};
  });
};
