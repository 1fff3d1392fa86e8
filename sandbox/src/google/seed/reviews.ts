import { createRng, unitHash, type Rng } from '../../kit/rng';
import type { GLocation, GReview, GState, JsonObject } from '../state';
import { avatarPath, opaqueId } from './activity';
import { BRANDS, FIRST_NAMES, INDEPENDENTS, LAST_NAMES, REVIEW_TEXTS, type Brand, type HoursProfile } from './content';
import { bandOf, TYPE_REPLY_TEXTS, TYPE_REVIEW_TEXTS } from './review-content';

/**
 * Reviews of a location over time, all deterministic from the seed:
 * - the history at the state's anchor (generated lazily on the location's first read);
 * - arrivals: from the second day after the anchor on, each day brings a Poisson number of new
 *   reviews (rate from the location's popularity), at fixed times of that day;
 * - removals: about 3% of reviews (history and arrivals) disappear 1–31 days after the anchor
 *   or after they were written, as Google removes reviews that break its policies;
 * - edits: about 3% of the others are edited by their reviewer 1–21 days on (a star up or down,
 *   an "Update: ..." added to the text, updateTime moved).
 * The store replays arrivals and removals up to the sandbox's data clock when a location's
 * reviews are read (`advanceReviews`), so nothing is generated for locations nobody reads.
 */

export const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type StarRating = (typeof STARS)[number];
export const DAY = 86_400_000;
/** Share of reviews Google later removes. */
export const REMOVAL_SHARE = 0.03;
/** Share of reviews whose reviewer later edits them (changes the stars and adds to the text). */
export const EDIT_SHARE = 0.03;

const EDIT_NOTES = {
  up: ['Update: the manager called me and made it right.', 'Update: came back and it was much better this time.'],
  down: ['Update: the problem came back a week later.', 'Update: still waiting on the refund they promised.'],
};

const brandOf = (loc: GLocation): Brand => BRANDS[loc.brandKey ?? 'independent'] ?? BRANDS.independent!;

/** The business type whose review texts fit the location (a brand's hours profile, or the independent's own). */
export function businessType(loc: GLocation): HoursProfile {
  if (loc.brandKey && loc.brandKey !== 'independent') return brandOf(loc).hours;
  const category = String(((loc.resource.categories as JsonObject | undefined)?.primaryCategory as JsonObject | undefined)?.name ?? '');
  return INDEPENDENTS.find((i) => category.endsWith(i.category))?.hours ?? 'retail';
}

function starFor(rng: Rng, quality: number): 1 | 2 | 3 | 4 | 5 {
  // Skewed towards the brand's quality: most reviews are 4-5 stars, a tail of 1-2.
  const r = rng.next();
  const five = Math.max(0.2, Math.min(0.85, (quality - 3.3) / 1.9));
  if (r < five) return 5;
  if (r < five + 0.18) return 4;
  if (r < five + 0.26) return 3;
  if (r < five + 0.31) return 2;
  return quality > 4.6 && rng.chance(0.5) ? 4 : 1;
}

function removalTime(state: GState, reviewId: string, created: number): string | undefined {
  if (unitHash(`${state.seed}:removal:${reviewId}`) >= REMOVAL_SHARE) return undefined;
  const from = Math.max(Date.parse(state.anchor) + DAY, created + DAY);
  return new Date(from + Math.floor(unitHash(`${state.seed}:removal-at:${reviewId}`) * 30 * DAY)).toISOString();
}

/** One review written at `created` (ms); `replyChance` of an owner reply a few days later, never after `notAfter`. */
function writeReview(state: GState, loc: GLocation, rng: Rng, created: number, replyChance: number, notAfter: number): GReview {
  const brand = brandOf(loc);
  const city = String((loc.resource.storefrontAddress as JsonObject | undefined)?.locality ?? 'town');
  const stars = starFor(rng, brand.quality);
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const anonymous = rng.chance(0.06);
  const displayName = anonymous ? 'A Google User' : rng.chance(0.5) ? `${first} ${last}` : `${first} ${last[0]}.`;
  const band = bandOf(stars);
  const template = rng.chance(0.1) ? undefined : rng.chance(0.5) ? rng.pick(TYPE_REVIEW_TEXTS[businessType(loc)][band]) : rng.pick(REVIEW_TEXTS[stars]);
  const text = template
    ?.replace(/\{noun\}/g, rng.pick(brand.nouns))
    .replace(/\{city\}/g, city)
    .replace(/\{first\}/g, rng.pick(FIRST_NAMES));
  const reviewId = opaqueId(rng);
  const at = new Date(created).toISOString();
  const review: GReview = {
    reviewId,
    reviewer: { displayName, isAnonymous: anonymous, ...(anonymous ? {} : { profilePhotoPath: avatarPath(displayName, rng) }) },
    starRating: STARS[stars - 1]!,
    ...(text ? { comment: text } : {}),
    createTime: at,
    updateTime: at,
  };
  if (rng.chance(replyChance)) {
    const replied = Math.min(notAfter, created + rng.int(1, 6) * DAY);
    review.reviewReply = {
      comment: rng.pick(TYPE_REPLY_TEXTS[band]).replace(/\{name\}/g, anonymous ? 'there' : first),
      updateTime: new Date(replied).toISOString(),
      state: 'APPROVED',
    };
  }
  const removeAt = removalTime(state, reviewId, created);
  if (removeAt) review.removeAt = removeAt;
  else if (unitHash(`${state.seed}:edit:${reviewId}`) < EDIT_SHARE) {
    const from = Math.max(Date.parse(state.anchor) + DAY, created + DAY);
    review.editAt = new Date(from + Math.floor(unitHash(`${state.seed}:edit-at:${reviewId}`) * 20 * DAY)).toISOString();
  }
  return review;
}

/** The location's popularity in [0,1): the first draw of its review stream. */
const popularity = (state: GState, loc: GLocation) => createRng(`${state.seed}:reviews:${loc.id}`).next();

/** The review history at the anchor: 3–88 reviews over two years (none for 4% of locations), ~70% of older ones replied. */
export function generateReviews(state: GState, loc: GLocation): GReview[] {
  const rng = createRng(`${state.seed}:reviews:${loc.id}`);
  const pop = rng.next();
  const count = rng.chance(0.04) ? 0 : Math.round(3 + pop * pop * 85);
  const anchor = Date.parse(state.anchor);
  const reviews: GReview[] = [];
  for (let i = 0; i < count; i++) {
    const created = anchor - Math.floor(Math.pow(rng.next(), 1.6) * 720 * DAY) - rng.int(0, DAY);
    reviews.push(writeReview(state, loc, rng, created, (anchor - created) / DAY > 14 ? 0.7 : 0.25, anchor));
  }
  return reviews.sort((a, b) => b.updateTime.localeCompare(a.updateTime));
}

/** Expected new reviews per day: 0.04 for quiet locations up to ~0.54 for the busiest. */
export function arrivalRate(state: GState, loc: GLocation): number {
  const pop = popularity(state, loc);
  return 0.04 + 0.5 * pop * pop;
}

/** The reviews that arrive on day `day` after the anchor (day ≥ 1; nothing arrives during the first day). */
export function arrivalsOn(state: GState, loc: GLocation, day: number): GReview[] {
  if (day < 1) return [];
  const rng = createRng(`${state.seed}:arrivals:${loc.id}:${day}`);
  const limit = Math.exp(-arrivalRate(state, loc));
  let count = -1;
  for (let p = 1; p > limit; p *= rng.next()) count++;
  const start = Date.parse(state.anchor) + day * DAY;
  const times = Array.from({ length: count }, () => start + rng.int(0, DAY - 1)).sort((a, b) => a - b);
  return times.map((t) => writeReview(state, loc, rng, t, 0, t));
}

/**
 * Replays arrivals and removals of one location from where it was last advanced up to `now`.
 * Returns true when the list changed. Reviews removed earlier (by schedule or through the admin
 * API) never come back.
 */
export function advanceReviews(state: GState, loc: GLocation, list: GReview[], now: number): boolean {
  const advanced = (state.reviewsAdvancedTo ??= {});
  const anchor = Date.parse(state.anchor);
  const from = advanced[loc.id] ?? anchor;
  if (now <= from) return false;
  advanced[loc.id] = now;
  let changed = false;
  const gone = new Set((state.removedReviews?.[loc.id] ?? []).map((r) => r.review.reviewId));
  const present = new Set(list.map((r) => r.reviewId));
  if (loc.brandKey) {
    for (let day = Math.max(1, Math.floor((from - anchor) / DAY)); day <= Math.floor((now - anchor) / DAY); day++) {
      for (const r of arrivalsOn(state, loc, day)) {
        const t = Date.parse(r.createTime);
        if (t <= from || t > now || present.has(r.reviewId) || gone.has(r.reviewId)) continue;
        if (r.removeAt && Date.parse(r.removeAt) <= now) continue;
        list.unshift(r);
        changed = true;
      }
    }
  }
  for (const r of list) {
    if (r.editAt && Date.parse(r.editAt) <= now) {
      applyEdit(state, r);
      changed = true;
    }
  }
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    if (r.removeAt && Date.parse(r.removeAt) <= now) {
      list.splice(i, 1);
      recordRemoval(state, loc.id, r, r.removeAt);
      changed = true;
    }
  }
  return changed;
}

/** The reviewer's scheduled edit: happier reviewers add a star, others lose one, and the text gets an update. */
function applyEdit(state: GState, r: GReview): void {
  const stars = STARS.indexOf(r.starRating) + 1;
  const up = stars <= 3 ? true : stars === 5 ? false : unitHash(`${state.seed}:edit-up:${r.reviewId}`) < 0.5;
  const notes = up ? EDIT_NOTES.up : EDIT_NOTES.down;
  const note = notes[Math.floor(unitHash(`${state.seed}:edit-note:${r.reviewId}`) * notes.length)]!;
  r.starRating = STARS[Math.min(4, Math.max(0, stars - 1 + (up ? 1 : -1)))]!;
  r.comment = r.comment ? `${r.comment}\n\n${note}` : note;
  r.updateTime = r.editAt!;
  delete r.editAt;
}

/** Keeps a removed review (for the admin API's `includeRemoved` and so that it never comes back). */
export function recordRemoval(state: GState, locationId: string, review: GReview, removeTime: string): void {
  ((state.removedReviews ??= {})[locationId] ??= []).push({ removeTime, review });
}
