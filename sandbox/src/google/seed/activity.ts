import { createRng, type Rng } from '../../kit/rng';
import type { GLocation, GMedia, GPost, GState, JsonObject } from '../state';
import { EVENT_TITLES, OFFER_TEXTS, POST_TEXTS } from './content';

const DAY = 86_400_000;

export function opaqueId(rng: Rng, length = 38): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let s = 'Ci9';
  while (s.length < length) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

const AVATAR_COLORS = ['1a73e8', 'd93025', '188038', 'e37400', '9334e6', '007b83', 'c5221f', '5f6368', 'b06000', '3949ab'];

export function avatarPath(name: string, colorSeed: Rng | string): string {
  const initials =
    name
      .split(/\s+/)
      .map((p) => p[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?';
  const color = typeof colorSeed === 'string' ? colorSeed : colorSeed.pick(AVATAR_COLORS);
  return `/google/images/avatar/${encodeURIComponent(initials)}/${color}.svg`;
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
    const topicType = rng.weighted([
      ['STANDARD', 6],
      ['OFFER', 2],
      ['EVENT', 2],
    ] as const);
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
      resource.summary = rng
        .pick(POST_TEXTS)
        .replace(/\{title\}/g, title)
        .replace(/\{city\}/g, city);
      if (topicType === 'EVENT') {
        const start = new Date(new Date(created).getTime() + rng.int(3, 20) * DAY);
        resource.event = {
          title: rng.pick(EVENT_TITLES),
          schedule: { startDate: ymd(start), startTime: { hours: 10 }, endDate: ymd(start), endTime: { hours: 16 } },
        };
      }
      resource.callToAction = rng.chance(0.5)
        ? { actionType: 'LEARN_MORE', url: String(loc.resource.websiteUri ?? 'https://example.com/') }
        : { actionType: 'CALL' };
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
