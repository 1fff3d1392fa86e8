import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { createRng } from '../kit/rng';
import type { RouteTable } from '../kit/routes';
import { queryBool, requireBodyObject } from './api/common';
import type { GoogleApi } from './api/context';
import type { NotificationsApi } from './api/notifications';
import { mediaJson, postJson, reviewJson, reviewSummary } from './api/v4';
import { invalidArgument, notFoundError } from './errors';
import { avatarPath } from './seed/activity';
import { FIRST_NAMES, LAST_NAMES } from './seed/content';
import { DAY, recordRemoval, STARS, type StarRating } from './seed/reviews';
import type { GLocation, GReview, Json } from './state';

const prefix = '/google/__sandbox';

function starsFrom(value: Json | undefined): StarRating {
  const n = typeof value === 'string' && !/^\d$/.test(value) ? STARS.indexOf(value as StarRating) + 1 : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 5)
    throw invalidArgument('starRating must be 1-5 or ONE..FIVE', [{ field: 'starRating', description: 'must be 1-5 or ONE..FIVE' }]);
  return STARS[n - 1]!;
}

function optionalText(value: Json | undefined, field: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max)
    throw invalidArgument(`${field} must be text of at most ${max} characters`, [{ field, description: `must be text of at most ${max} characters` }]);
  return value;
}

function timeFrom(value: Json | undefined, field: string, fallback: number): string {
  if (value === undefined) return new Date(fallback).toISOString();
  const t = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(t))
    throw invalidArgument(`${field} must be an RFC 3339 time`, [{ field, description: 'must be an RFC 3339 time such as 2026-01-31T12:00:00Z' }]);
  return new Date(t).toISOString();
}

/**
 * Admin hooks for reviews and the data clock, so tests drive what Google "sees":
 * list/add/change/remove a location's reviews without a token, read its posts and media, and
 * move the data clock forward so scheduled arrivals, edits and removals happen now.
 */
export function registerReviewAdminRoutes(routes: RouteTable, api: GoogleApi, notifications?: NotificationsApi) {
  const { store } = api;
  const location = (id: string): GLocation => {
    const loc = store.state.locations[id];
    if (!loc) throw notFoundError(`Unknown location ${id}.`);
    return loc;
  };
  const review = (loc: GLocation, reviewId: string): GReview => {
    const r = store.reviewsOf(loc).find((x) => x.reviewId === reviewId);
    if (!r) throw notFoundError(`Location ${loc.id} has no review ${reviewId}.`);
    return r;
  };
  const clockJson = () => ({
    now: new Date(store.now()).toISOString(),
    dataNow: new Date(store.dataNow()).toISOString(),
    offsetMs: store.state.clockOffsetMs ?? 0,
  });

  routes.add('GET', `${prefix}/locations/{locationId}/reviews`, (ctx: Koa.Context, p) => {
    const loc = location(p.locationId!);
    const list = [...store.reviewsOf(loc)].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    ctx.body = {
      ...reviewSummary(list),
      reviews: list.map((r) => reviewJson(api, loc, r)),
      ...(queryBool(ctx, 'includeRemoved')
        ? { removed: (store.state.removedReviews?.[loc.id] ?? []).map((x) => ({ removeTime: x.removeTime, review: reviewJson(api, loc, x.review) })) }
        : {}),
    };
  });

  routes.add('GET', `${prefix}/locations/{locationId}/reviews/{reviewId}`, (ctx, p) => {
    const loc = location(p.locationId!);
    ctx.body = reviewJson(api, loc, review(loc, p.reviewId!));
  });

  routes.add('POST', `${prefix}/locations/{locationId}/reviews`, (ctx, p) => {
    const loc = location(p.locationId!);
    const body = ctx.request.body === undefined || ctx.request.body === '' ? {} : requireBodyObject(ctx.request.body);
    const rng = createRng(randomBytes(4).readUInt32BE());
    const anonymous = body.isAnonymous === true;
    const given = optionalText(body.reviewerName, 'reviewerName', 100);
    const name = anonymous ? 'A Google User' : given?.trim() || `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const created = timeFrom(body.createTime, 'createTime', store.dataNow());
    const comment = optionalText(body.comment, 'comment', 4096);
    const reply = optionalText(body.reply, 'reply', 4096);
    const r: GReview = {
      reviewId: `Ci9${randomBytes(26).toString('base64url')}`,
      reviewer: { displayName: name, isAnonymous: anonymous, ...(anonymous ? {} : { profilePhotoPath: avatarPath(name, rng) }) },
      starRating: starsFrom(body.starRating ?? 5),
      ...(comment ? { comment } : {}),
      createTime: created,
      updateTime: created,
      ...(reply ? { reviewReply: { comment: reply, updateTime: created, state: 'APPROVED' } } : {}),
    };
    store.reviewsOf(loc).unshift(r);
    store.changed();
    notifications?.reviewChanged(loc, r.reviewId, 'NEW_REVIEW');
    ctx.body = reviewJson(api, loc, r);
  });

  routes.add('PATCH', `${prefix}/locations/{locationId}/reviews/{reviewId}`, (ctx, p) => {
    const loc = location(p.locationId!);
    const r = review(loc, p.reviewId!);
    const body = requireBodyObject(ctx.request.body);
    if (body.starRating !== undefined) r.starRating = starsFrom(body.starRating);
    if (body.comment !== undefined) {
      const comment = optionalText(body.comment, 'comment', 4096);
      if (comment) r.comment = comment;
      else delete r.comment;
    }
    if (body.reviewerName !== undefined && !r.reviewer.isAnonymous) {
      const name = optionalText(body.reviewerName, 'reviewerName', 100)?.trim();
      if (!name) throw invalidArgument('reviewerName must not be empty', [{ field: 'reviewerName', description: 'must not be empty' }]);
      r.reviewer.displayName = name;
    }
    r.updateTime = timeFrom(body.updateTime, 'updateTime', store.dataNow());
    store.changed();
    notifications?.reviewChanged(loc, r.reviewId, 'UPDATED_REVIEW');
    ctx.body = reviewJson(api, loc, r);
  });

  routes.add('DELETE', `${prefix}/locations/{locationId}/reviews/{reviewId}`, (ctx, p) => {
    const loc = location(p.locationId!);
    const list = store.reviewsOf(loc);
    const r = review(loc, p.reviewId!);
    list.splice(list.indexOf(r), 1);
    recordRemoval(store.state, loc.id, r, new Date(store.dataNow()).toISOString());
    store.changed();
    ctx.body = {};
  });

  // What Locus wrote to Google, readable without a token (tests check a post or photo "appears in the sandbox").
  routes.add('GET', `${prefix}/locations/{locationId}/localPosts`, (ctx, p) => {
    const loc = location(p.locationId!);
    ctx.body = { localPosts: store.postsOf(loc).map((x) => postJson(api, loc, x)) };
  });
  // Google's decision on a post it holds for review (PROCESSING), made now instead of after `postReviewMs`.
  routes.add('POST', `${prefix}/locations/{locationId}/localPosts/{postId}/review`, (ctx, p) => {
    const loc = location(p.locationId!);
    const post = store.postsOf(loc).find((x) => x.id === p.postId);
    if (!post) throw notFoundError('The post was not found.');
    const { state } = requireBodyObject(ctx.request.body);
    if (state !== 'LIVE' && state !== 'REJECTED')
      throw invalidArgument('state must be LIVE or REJECTED', [{ field: 'state', description: 'must be LIVE or REJECTED' }]);
    if (post.resource.state !== 'PROCESSING')
      throw invalidArgument('The post is not held for review.', [
        { field: 'state', description: `the post is ${String(post.resource.state)}, not PROCESSING` },
      ]);
    post.resource.state = state;
    post.resource.updateTime = new Date(store.now()).toISOString();
    delete post.reviewDueAt;
    store.changed();
    ctx.body = postJson(api, loc, post);
  });
  routes.add('GET', `${prefix}/locations/{locationId}/media`, (ctx, p) => {
    const loc = location(p.locationId!);
    ctx.body = { mediaItems: store.mediaOf(loc).map((m) => mediaJson(api, loc, m)) };
  });

  routes.add('GET', `${prefix}/clock`, (ctx) => {
    ctx.body = clockJson();
  });

  routes.add('POST', `${prefix}/clock`, (ctx) => {
    const body = requireBodyObject(ctx.request.body);
    const current = store.state.clockOffsetMs ?? 0;
    let advance: number;
    if (body.advanceMs !== undefined) advance = Number(body.advanceMs);
    else if (body.advanceDays !== undefined) advance = Number(body.advanceDays) * DAY;
    else if (body.to !== undefined) advance = Date.parse(timeFrom(body.to, 'to', 0)) - store.dataNow();
    else
      throw invalidArgument('One of advanceMs, advanceDays or to is required', [
        { field: 'advanceMs', description: 'one of advanceMs, advanceDays or to is required' },
      ]);
    const field = body.advanceMs !== undefined ? 'advanceMs' : body.advanceDays !== undefined ? 'advanceDays' : 'to';
    if (!Number.isFinite(advance) || advance < 0)
      throw invalidArgument(`${field} must move the data clock forward`, [{ field, description: 'the data clock only moves forward' }]);
    store.state.clockOffsetMs = current + Math.round(advance);
    store.changed();
    ctx.body = clockJson();
  });
}
