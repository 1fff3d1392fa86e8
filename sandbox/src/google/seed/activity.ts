import { createRng, type Rng } from '../../kit/rng';
import type { GLocation, GMedia, GPost, GReview, GState, JsonObject } from '../state';
import { BRANDS, EVENT_TITLES, FIRST_NAMES, LAST_NAMES, OFFER_TEXTS, POST_TEXTS, REPLY_TEXTS, REVIEW_TEXTS } from './content';

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
const DAY = 86_400_000;

export function opaqueId(rng: Rng, length = 38): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let s = 'Ci9';
  while (s.length < length) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

const AVATAR_COLORS = ['1a73e8', 'd93025', '188038', 'e37400', '9334e6', '007b83', 'c5221f', '5f6368', 'b06000', '3949ab'];

export function avatarPath(name: string, colorSeed: Rng | string): string {
  const initials = name.split(/\s+/).map((p) => p[0] ?? '').join('').slice(0, 2).toUpperCase() || '?';
  const color = typeof colorSeed === 'string' ? colorSeed : colorSeed.pick(AVATAR_COLORS);
  return `/google/images/avatar/${encodeURIComponent(initials)}/${color}.svg`;
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

export function generateReviews(state: GState, loc: GLocation): GReview[] {
  const rng = createRng(`${state.seed}:reviews:${loc.id}`);
  const brand = BRANDS[loc.brandKey ?? 'independent'] ?? BRANDS.independent!;
  const popularity = rng.next();
  const count = rng.chance(0.04) ? 0 : Math.round(3 + popularity * popularity * 85);
  const anchor = new Date(state.anchor).getTime();
  const city = String((loc.resource.storefrontAddress as JsonObject | undefined)?.locality ?? 'town');
  const reviews: GReview[] = [];
  for (let i = 0; i < count; i++) {
    const stars = starFor(rng, brand.quality);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const anonymous = rng.chance(0.06);
    const displayName = anonymous ? 'A Google User' : rng.chance(0.5) ? `${first} ${last}` : `${first} ${last[0]}.`;
    const created = anchor - Math.floor(Math.pow(rng.next(), 1.6) * 720 * DAY) - rng.int(0, DAY);
    const text = rng.chance(0.1)
      ? undefined
      : rng.pick(REVIEW_TEXTS[stars]).replace(/\{noun\}/g, rng.pick(brand.nouns)).replace(/\{city\}/g, city).replace(/\{first\}/g, rng.pick(FIRST_NAMES));
    const review: GReview = {
      reviewId: opaqueId(rng),
      reviewer: { displayName, isAnonymous: anonymous, ...(anonymous ? {} : { profilePhotoPath: avatarPath(displayName, rng) }) },
      starRating: STARS[stars - 1]!,
      ...(text ? { comment: text } : {}),
      createTime: new Date(created).toISOString(),
      updateTime: new Date(created).toISOString(),
    };
    const ageDays = (anchor - created) / DAY;
    if (rng.chance(ageDays > 14 ? 0.7 : 0.25)) {
      const replied = Math.min(anchor, created + rng.int(1, 6) * DAY);
      review.reviewReply = {
        comment: rng.pick(REPLY_TEXTS).replace(/\{name\}/g, anonymous ? 'there' : first),
        updateTime: new Date(replied).toISOString(),
        state: 'APPROVED',
      };
    }
    reviews.push(review);
  }
  return reviews.sort((a, b) => b.updateTime.localeCompare(a.updateTime));
}

export function generatePosts(state: GState, loc: GLocation): GPost[] {
  const rng = createRng(`${state.seed}:posts:${loc.id}`);
  const count = rng.int(0, 5);
  const anchor = new Date(state.anchor).getTime();
  const title = String(loc.resource.title ?? '');
  const city = String((loc.resource.storefrontAddress as JsonObject | undefined)?.locality ?? '');
  const posts: GPost[] = [];
  for (let i = 0; i < count; i++) {
    const id = rng.digits(19);
    const created = new Date(anchor - rng.int(1, 180) * DAY - rng.int(0, DAY)).toISOString();
    const topicType = rng.weighted([['STANDARD', 6], ['OFFER', 2], ['EVENT', 2]] as const);
    const resource: JsonObject = {
      languageCode: 'en',
      topicType,
      createTime: created,
      updateTime: created,
      state: 'LIVE',
    };
    if (topicType === 'OFFER') {
      resource.summary = rng.pick(OFFER_TEXTS);
      const start = new Date(created);
      const end = new Date(start.getTime() + 30 * DAY);
      resource.event = { title: 'Limited-time offer', schedule: { startDate: ymd(start), endDate: ymd(end) } };
      resource.offer = { couponCode: `SAVE${rng.int(10, 30)}`, termsConditions: 'One per customer. Not valid with other offers.' };
    } else {
      resource.summary = rng.pick(POST_TEXTS).replace(/\{title\}/g, title).replace(/\{city\}/g, city);
      if (topicType === 'EVENT') {
        const start = new Date(new Date(created).getTime() + rng.int(3, 20) * DAY);
        resource.event = {
          title: rng.pick(EVENT_TITLES),
          schedule: { startDate: ymd(start), startTime: { hours: 10 }, endDate: ymd(start), endTime: { hours: 16 } },
        };
      }
      resource.callToAction = rng.chance(0.5) ? { actionType: 'LEARN_MORE', url: String(loc.resource.websiteUri ?? 'https://example.com/') } : { actionType: 'CALL' };
    }
    if (rng.chance(0.6)) {
      const key = `${loc.id}-post-${id}`;
      resource.media = [{ mediaFormat: 'PHOTO', googleUrl: `/google/images/photo/${key}.png?w=1200&h=900` }];
    }
    posts.push({ id, resource });
  }
  return posts.sort((a, b) => String(b.resource.createTime).localeCompare(String(a.resource.createTime)));
}

export function ymd(d: Date): JsonObject {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const PHOTO_CATEGORIES = ['EXTERIOR', 'INTERIOR', 'PRODUCT', 'AT_WORK', 'TEAMS', 'COMMON_AREA', 'ADDITIONAL'] as const;

export function generateMedia(state: GState, loc: GLocation): GMedia[] {
  const rng = createRng(`${state.seed}:media:${loc.id}`);
  const anchor = new Date(state.anchor).getTime();
  const plan: { category: string; width: number; height: number }[] = [
    { category: 'COVER', width: 1280, height: 720 },
    { category: 'LOGO', width: 512, height: 512 },
    ...Array.from({ length: rng.int(1, 5) }, () => ({ category: rng.pick(PHOTO_CATEGORIES), width: 1024, height: 768 })),
  ];
  return plan.map((p, i) => {
    const id = opaqueId(rng, 36);
    const key = `${loc.id}-${i}-${p.category.toLowerCase()}`;
    const created = new Date(anchor - rng.int(10, 600) * DAY).toISOString();
    return {
      id,
      source: { kind: 'generated', key, width: p.width, height: p.height },
      resource: {
        mediaFormat: 'PHOTO',
        locationAssociation: { category: p.category },
        createTime: created,
        dimensions: { widthPixels: p.width, heightPixels: p.height },
        insights: { viewCount: String(rng.int(20, 25_000)) },
        attribution: { profileName: String(loc.resource.title ?? ''), takedownUrl: '' },
      },
    };
  });
}
