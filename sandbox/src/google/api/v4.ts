import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { imageSize } from '../../kit/png';
import { invalidArgument, notFoundError, type FieldViolation } from '../errors';
import type { GLocation, GMedia, GPost, GReview, Json, JsonObject } from '../state';
import { pageOf, pageSize, queryString, readPageToken, requireBodyObject } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';
import { isValidHttpUrl } from './location-validation';

const STAR_VALUE = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;
const TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER', 'ALERT'];
const ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL', 'GET_OFFER'];
export const MEDIA_CATEGORIES = ['COVER', 'PROFILE', 'LOGO', 'EXTERIOR', 'INTERIOR', 'PRODUCT', 'AT_WORK', 'FOOD_AND_DRINK', 'MENU', 'COMMON_AREA', 'ROOMS', 'TEAMS', 'ADDITIONAL'];
const SINGLE_SLOT = ['COVER', 'PROFILE', 'LOGO'];
/** Words that make the simulated moderation reject a reply (Google rejects replies that break its content policy). */
const BLOCKED_WORDS = /\b(idiot|stupid|liar|scam(mer)?|damn|hell|shut up)\b/i;
const PHONE_IN_TEXT = /(\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;

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

function validatePost(body: JsonObject): FieldViolation[] {
  const v: FieldViolation[] = [];
  const topic = String(body.topicType ?? '');
  if (!TOPIC_TYPES.includes(topic)) v.push({ field: 'topicType', description: `must be one of ${TOPIC_TYPES.join(', ')}` });
  const summary = body.summary;
  if (summary !== undefined && (typeof summary !== 'string' || summary.length > 1500)) v.push({ field: 'summary', description: 'must be text of at most 1500 characters' });
  const media = body.media;
  if (topic === 'STANDARD' && !summary && !(Array.isArray(media) && media.length)) v.push({ field: 'summary', description: 'a standard post needs a summary or a photo' });
  if (topic === 'EVENT' || topic === 'OFFER') {
    const ev = body.event;
    if (!isObj(ev)) v.push({ field: 'event', description: `is required for ${topic} posts` });
    else {
      if (typeof ev.title !== 'string' || !ev.title.trim()) v.push({ field: 'event.title', description: 'is required' });
      else if (ev.title.length > 58) v.push({ field: 'event.title', description: 'must be at most 58 characters' });
      const sch = ev.schedule;
      const date = (d: Json | undefined) => (isObj(d) && typeof d.year === 'number' && typeof d.month === 'number' && typeof d.day === 'number' ? Date.UTC(d.year, d.month - 1, d.day) : undefined);
      const start = isObj(sch) ? date(sch.startDate) : undefined;
      const end = isObj(sch) ? date(sch.endDate) : undefined;
      if (start === undefined) v.push({ field: 'event.schedule.startDate', description: 'is required' });
      if (end === undefined) v.push({ field: 'event.schedule.endDate', description: 'is required' });
      if (start !== undefined && end !== undefined && end < start) v.push({ field: 'event.schedule.endDate', description: 'must not be before the start date' });
    }
  }
  const cta = body.callToAction;
  if (cta !== undefined && topic !== 'OFFER') {
    if (!isObj(cta) || !ACTION_TYPES.includes(String(cta.actionType))) v.push({ field: 'callToAction.actionType', description: `must be one of ${ACTION_TYPES.join(', ')}` });
    else if (cta.actionType !== 'CALL' && (typeof cta.url !== 'string' || !isValidHttpUrl(cta.url))) v.push({ field: 'callToAction.url', description: 'a valid URL is required for this action' });
  }
  if (media !== undefined) {
    if (!Array.isArray(media)) v.push({ field: 'media', description: 'must be a list' });
    else
      media.forEach((m, i) => {
        if (!isObj(m) || !['PHOTO', 'VIDEO'].includes(String(m.mediaFormat))) v.push({ field: `media[${i}].mediaFormat`, description: 'must be PHOTO or VIDEO' });
        else if (typeof m.sourceUrl !== 'string' || !isValidHttpUrl(m.sourceUrl)) v.push({ field: `media[${i}].sourceUrl`, description: 'must be a valid URL' });
      });
  }
  const offer = body.offer;
  if (offer !== undefined && isObj(offer) && offer.redeemOnlineUrl !== undefined && (typeof offer.redeemOnlineUrl !== 'string' || !isValidHttpUrl(offer.redeemOnlineUrl))) {
    v.push({ field: 'offer.redeemOnlineUrl', description: 'must be a valid URL' });
  }
  return v;
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
    const all = [...store.reviewsOf(l)];
    const stars = (r: GReview) => STAR_VALUE[r.starRating];
    if (orderBy === 'rating') all.sort((a, b) => stars(a) - stars(b) || b.updateTime.localeCompare(a.updateTime));
    else if (orderBy === 'rating desc') all.sort((a, b) => stars(b) - stars(a) || b.updateTime.localeCompare(a.updateTime));
    else if (orderBy === 'updateTime desc') all.sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    else throw invalidArgument(`Invalid orderBy "${orderBy}".`, [{ field: 'orderBy', description: 'must be rating, rating desc or updateTime desc' }]);
    const size = pageSize(ctx, 50, 50);
    const fingerprint = `reviews|${l.id}|${orderBy}`;
    const { page, nextPageToken } = pageOf(all, readPageToken(ctx, fingerprint), size, fingerprint);
    const average = all.length ? Math.round((all.reduce((s, r) => s + stars(r), 0) / all.length) * 10) / 10 : 0;
    ctx.body = {
      reviews: page.map((r) => reviewJson(api, l, r)),
      averageRating: average,
      totalReviewCount: all.length,
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
    if (typeof comment !== 'string' || !comment.trim()) throw invalidArgument('Request contains an invalid argument.', [{ field: 'comment', description: 'A reply comment is required.' }], 'mybusiness.googleapis.com');
    if (Buffer.byteLength(comment) > 4096) throw invalidArgument('Request contains an invalid argument.', [{ field: 'comment', description: 'The reply must be at most 4096 bytes.' }], 'mybusiness.googleapis.com');
    const now = new Date(store.now()).toISOString();
    const rejected = BLOCKED_WORDS.test(comment);
    review.reviewReply = { comment, updateTime: now, state: rejected ? 'REJECTED' : 'APPROVED', ...(rejected ? { policyViolation: 'PROFANITY_OR_HARASSMENT' } : {}) };
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
      // Google's policy rejects posts with phone numbers in their text.
      state: typeof body.summary === 'string' && PHONE_IN_TEXT.test(body.summary) ? 'REJECTED' : 'LIVE',
    };
    for (const f of ['summary', 'event', 'offer', 'alertType'] as const) if (body[f] !== undefined) resource[f] = structuredClone(body[f]!);
    if (body.callToAction !== undefined && body.topicType !== 'OFFER') resource.callToAction = structuredClone(body.callToAction);
    if (Array.isArray(body.media)) {
      resource.media = body.media.map((m) => ({ mediaFormat: (m as JsonObject).mediaFormat!, sourceUrl: (m as JsonObject).sourceUrl!, googleUrl: (m as JsonObject).sourceUrl! }));
    }
    const post: GPost = { id: randomBytes(8).readBigUInt64BE().toString().padStart(19, '1').slice(0, 19), resource };
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

  routes.add('POST', `${loc}/media`, async (ctx, p) => {
    const l = v4Location(api, ctx, p.accountId!, p.locationId!);
    const body = requireBodyObject(ctx.request.body);
    const format = String(body.mediaFormat ?? '');
    const category = isObj(body.locationAssociation) ? String(body.locationAssociation.category ?? '') : '';
    const violations: FieldViolation[] = [];
    if (!['PHOTO', 'VIDEO'].includes(format)) violations.push({ field: 'mediaFormat', description: 'must be PHOTO or VIDEO' });
    if (!MEDIA_CATEGORIES.includes(category)) violations.push({ field: 'locationAssociation.category', description: `must be one of ${MEDIA_CATEGORIES.join(', ')}` });
    const sourceUrl = body.sourceUrl;
    if (typeof sourceUrl !== 'string' || !isValidHttpUrl(sourceUrl)) violations.push({ field: 'sourceUrl', description: 'a valid http(s) URL is required' });
    if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations, 'mybusiness.googleapis.com');
    let fetched: { bytes: Buffer; contentType: string };
    try {
      fetched = await fetchSource(String(sourceUrl), store.options.mediaFetchTimeoutMs);
    } catch (e) {
      throw invalidArgument('Request contains an invalid argument.', [{ field: 'sourceUrl', description: `could not be fetched (${(e as Error).message})` }], 'mybusiness.googleapis.com');
    }
    const size = imageSize(fetched.bytes);
    if (format === 'PHOTO') {
      if (!size) throw invalidArgument('Request contains an invalid argument.', [{ field: 'sourceUrl', description: 'is not a JPEG, PNG, GIF or WebP image' }], 'mybusiness.googleapis.com');
      if (fetched.bytes.length < 10_240) throw invalidArgument('Request contains an invalid argument.', [{ field: 'sourceUrl', description: `photo is too small (${fetched.bytes.length} bytes; minimum 10 KB)` }], 'mybusiness.googleapis.com');
      if (size.width < 250 || size.height < 250) throw invalidArgument('Request contains an invalid argument.', [{ field: 'sourceUrl', description: `photo is ${size.width}x${size.height}; minimum 250x250 pixels` }], 'mybusiness.googleapis.com');
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
        sourceUrl: String(sourceUrl),
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
