import type Koa from 'koa';
import { findCategory, isBookableCategory, isFoodCategory } from '../data/catalog';
import { invalidArgument } from '../errors';
import { hashString, unitHash } from '../../kit/rng';
import { BRANDS } from '../seed/content';
import type { GLocation, JsonObject } from '../state';
import { getPath, pageOf, pageSize, readPageToken } from './common';
import { PATHS, type RegisterRoutes } from './context';

export const DAILY_METRICS: Record<string, number> = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 6,
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 11,
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: 28,
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 22,
  BUSINESS_CONVERSATIONS: 0,
  BUSINESS_DIRECTION_REQUESTS: 4,
  CALL_CLICKS: 2.2,
  WEBSITE_CLICKS: 3.1,
  BUSINESS_BOOKINGS: 0.5,
  BUSINESS_FOOD_ORDERS: 1.6,
  BUSINESS_FOOD_MENU_CLICKS: 2.2,
};
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** Query keys normalised to camelCase segments: `daily_range.start_date.year` → `dailyRange.startDate.year`. */
function camelQuery(ctx: Koa.Context): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(ctx.query)) {
    const k = key
      .replace(/\[\]$/, '')
      .split('.')
      .map((s) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))
      .join('.');
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    out.set(k, [...(out.get(k) ?? []), ...list]);
  }
  return out;
}

function dateParam(q: Map<string, string[]>, prefix: string, field: string, dayRequired = true): Date {
  const num = (s: string) => Number(q.get(`${prefix}.${s}`)?.[0]);
  const year = num('year'),
    month = num('month');
  const day = dayRequired ? num('day') : 1;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    throw invalidArgument(
      'Request contains an invalid argument.',
      [{ field, description: 'a valid date is required' }],
      'businessprofileperformance.googleapis.com',
    );
  }
  return d;
}

function weekdayFactor(category: string, weekday: number): number {
  const weekend = weekday === 0 || weekday === 6;
  if (isFoodCategory(category)) return weekend ? 1.25 : weekday === 5 ? 1.15 : 0.9;
  if (/insurance|real_estate|accountant|lawyer|attorney|dentist|clinic|physician/.test(category)) return weekday === 0 ? 0.25 : weekday === 6 ? 0.45 : 1.1;
  return weekend ? 0.85 : 1;
}

/** What a location's series depend on besides the day, worked out once per location (and again if its category changes). */
interface SeriesFactors {
  category: string;
  /** Per-location scale, 0.3-2.5. */
  popularity: number;
  /** Phase of the slow seasonal wave. */
  phase: number;
  /** Weekday factors, Sunday first. */
  weekdays: number[];
  food: boolean;
  bookable: boolean;
  idHash: number;
}
const factorCache = new WeakMap<GLocation, SeriesFactors>();

function factorsOf(loc: GLocation): SeriesFactors {
  const category = String(getPath(loc.resource, 'categories.primaryCategory.name') ?? '');
  const cached = factorCache.get(loc);
  if (cached && cached.category === category) return cached;
  const f: SeriesFactors = {
    category,
    popularity: 0.3 + 2.2 * unitHash(`pop:${loc.id}`),
    phase: unitHash(`phase:${loc.id}`) * 6,
    weekdays: [0, 1, 2, 3, 4, 5, 6].map((d) => weekdayFactor(category, d)),
    food: isFoodCategory(category),
    bookable: isBookableCategory(category),
    idHash: hashString(loc.id),
  };
  factorCache.set(loc, f);
  return f;
}

const METRIC_INDEX = new Map(Object.keys(DAILY_METRICS).map((m, i) => [m, i + 1]));

/** A uniform value in [0,1) from three integers (a murmur3-style finaliser): the day's noise, no allocation. */
function noiseOf(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A deterministic daily count for one metric of one location. */
export function metricValue(loc: GLocation, metric: string, date: Date): number {
  const f = factorsOf(loc);
  let base = DAILY_METRICS[metric] ?? 0;
  if (metric === 'BUSINESS_FOOD_ORDERS' || metric === 'BUSINESS_FOOD_MENU_CLICKS') base = f.food ? base : 0;
  if (metric === 'BUSINESS_BOOKINGS') base = f.bookable ? base : 0;
  if (!base) return 0;
  const dayIndex = Math.floor(date.getTime() / 86_400_000);
  const trend = 1 + 0.15 * Math.sin(dayIndex / 58 + f.phase) + (dayIndex - 19_000) * 0.0004;
  const noise = 0.55 + 0.9 * noiseOf(f.idHash, METRIC_INDEX.get(metric) ?? 0, dayIndex);
  return Math.max(0, Math.round(base * f.popularity * f.weekdays[date.getUTCDay()]! * trend * noise));
}

const ymd = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });

function series(loc: GLocation, metric: string, start: Date, end: Date, today: number, weekday?: number) {
  const datedValues: JsonObject[] = [];
  for (let t = start.getTime(); t <= end.getTime(); t += 86_400_000) {
    const d = new Date(t);
    if (weekday !== undefined && d.getUTCDay() !== weekday) continue;
    const value = t <= today ? metricValue(loc, metric, d) : 0;
    datedValues.push(value ? { date: ymd(d), value: String(value) } : { date: ymd(d) });
  }
  return { datedValues };
}

function keywordsFor(loc: GLocation): { keyword: string; weight: number }[] {
  const title = String(loc.resource.title ?? '');
  const city = String(getPath(loc.resource, 'storefrontAddress.locality') ?? '').toLowerCase();
  const primary = findCategory(String(getPath(loc.resource, 'categories.primaryCategory.name') ?? ''))?.displayName.toLowerCase() ?? 'business';
  const extra = ((getPath(loc.resource, 'categories.additionalCategories') as JsonObject[] | undefined) ?? [])
    .map((c) => String(c.displayName ?? '').toLowerCase())
    .filter(Boolean);
  const brandName = title.split(' - ')[0]!.toLowerCase();
  const nouns = BRANDS[loc.brandKey ?? 'independent']?.nouns ?? [];
  const list: [string, number][] = [
    [`${primary} near me`, 40],
    [primary, 28],
    [`${primary} ${city}`, 18],
    [brandName, 24],
    [`${brandName} ${city}`, 9],
    [`best ${primary} in ${city}`, 6],
    [`${primary} open now`, 7],
    [`cheap ${primary}`, 3],
    ...extra.map((e, i): [string, number] => [`${e} near me`, 12 - i * 2]),
    ...nouns.map((n, i): [string, number] => [`${n} ${city}`, 4 - i * 0.5]),
  ];
  const seen = new Set<string>();
  return list.filter(([k]) => k.trim() && !seen.has(k) && seen.add(k)).map(([keyword, weight]) => ({ keyword, weight }));
}

/** Business Profile Performance API v1: daily metrics and monthly search keywords. */
export const registerPerformanceRoutes: RegisterRoutes = (routes, api) => {
  const { store } = api;
  const today = () => {
    const n = new Date(store.dataNow());
    return Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate()) - 86_400_000; // data lags a day
  };
  const range = (q: Map<string, string[]>) => {
    const start = dateParam(q, 'dailyRange.startDate', 'daily_range.start_date');
    const end = dateParam(q, 'dailyRange.endDate', 'daily_range.end_date');
    if (end < start)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'daily_range', description: 'end date must not be before start date' }],
        'businessprofileperformance.googleapis.com',
      );
    if ((end.getTime() - start.getTime()) / 86_400_000 > 550)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'daily_range', description: 'range must be at most 18 months' }],
        'businessprofileperformance.googleapis.com',
      );
    return { start, end };
  };
  const metricList = (names: string[], field: string) => {
    if (!names.length)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field, description: 'at least one metric is required' }],
        'businessprofileperformance.googleapis.com',
      );
    const bad = names.filter((n) => !(n in DAILY_METRICS));
    if (bad.length)
      throw invalidArgument(
        `Invalid value at '${field}', "${bad[0]}"`,
        bad.map((b) => ({ field, description: `"${b}" is not a DailyMetric` })),
        'businessprofileperformance.googleapis.com',
      );
    return names;
  };

  routes.add('GET', `${PATHS.performance}/locations/{locationId}:fetchMultiDailyMetricsTimeSeries`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const q = camelQuery(ctx);
    const metrics = metricList((q.get('dailyMetrics') ?? []).flatMap((m) => m.split(',')).filter(Boolean), 'daily_metrics');
    const { start, end } = range(q);
    ctx.body = {
      multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: metrics.map((m) => ({ dailyMetric: m, timeSeries: series(loc, m, start, end, today()) })) }],
    };
  });

  routes.add('GET', `${PATHS.performance}/locations/{locationId}:getDailyMetricsTimeSeries`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const q = camelQuery(ctx);
    const [metric] = metricList(q.get('dailyMetric') ?? [], 'daily_metric');
    const { start, end } = range(q);
    const dow = q.get('dailySubEntityType.dayOfWeek')?.[0];
    const weekday = dow ? WEEKDAYS.indexOf(dow) : undefined;
    if (weekday === -1)
      throw invalidArgument(`Invalid day of week "${dow}".`, [{ field: 'daily_sub_entity_type.day_of_week', description: 'must be MONDAY..SUNDAY' }]);
    ctx.body = { timeSeries: series(loc, metric!, start, end, today(), weekday) };
  });

  routes.add('GET', `${PATHS.performance}/locations/{locationId}/searchkeywords/impressions/monthly`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const q = camelQuery(ctx);
    const start = dateParam(q, 'monthlyRange.startMonth', 'monthly_range.start_month', false);
    const end = dateParam(q, 'monthlyRange.endMonth', 'monthly_range.end_month', false);
    if (end < start)
      throw invalidArgument(
        'Request contains an invalid argument.',
        [{ field: 'monthly_range', description: 'end month must not be before start month' }],
        'businessprofileperformance.googleapis.com',
      );
    const months: number[] = [];
    for (let d = new Date(start); d <= end; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) months.push(d.getTime());
    const popularity = 0.3 + 2.2 * unitHash(`pop:${loc.id}`);
    const counts = keywordsFor(loc)
      .map(({ keyword, weight }) => ({
        keyword,
        total: months
          .filter((m) => m <= today())
          .reduce((s, m) => s + Math.round(weight * popularity * (0.6 + 0.8 * unitHash(`${loc.id}:${keyword}:${m}`)) * 4), 0),
      }))
      .sort((a, b) => b.total - a.total || a.keyword.localeCompare(b.keyword));
    const size = pageSize(ctx, 100, 100);
    const fingerprint = `keywords|${loc.id}|${start.getTime()}|${end.getTime()}`;
    const { page, nextPageToken } = pageOf(counts, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = {
      searchKeywordsCounts: page.map((c) => ({ searchKeyword: c.keyword, insightsValue: c.total < 15 ? { threshold: '15' } : { value: String(c.total) } })),
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  });
};
