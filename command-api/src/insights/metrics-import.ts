import { DAILY_METRICS, KEYWORD_MONTHS, isoDay, type DailyMetricName } from '@locus/contracts';
import type { DateRange, GoogleBusinessClient } from '../google/client';
import type { DailyMetricSeries } from '../google/types';

const DAY_MS = 86_400_000;

/** One month's slice of a fetch: day `firstDay` onwards, one count per day per metric. */
export interface MonthSlice {
  month: string;
  firstDay: number;
  values: Partial<Record<DailyMetricName, number[]>>;
}

/** The days `days` back to yesterday (Google reports nothing for today). */
export function metricsRange(now: Date, days: number): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - days * DAY_MS), to: new Date(today - DAY_MS) };
}

const googleDate = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
export const dateRangeOf = (r: { from: Date; to: Date }): DateRange => ({ startDate: googleDate(r.from), endDate: googleDate(r.to) });

/**
 * Google's series cut into months: each month holds every day of the range in it, a missing
 * value (a day without activity) is 0, so a later import of the same days replaces them all.
 */
export function monthSlices(series: DailyMetricSeries[], range: { from: Date; to: Date }): MonthSlice[] {
  const byDay = new Map<string, Map<DailyMetricName, number>>();
  for (const s of series) {
    if (!(DAILY_METRICS as readonly string[]).includes(s.dailyMetric)) continue;
    const metric = s.dailyMetric as DailyMetricName;
    for (const v of s.datedValues) {
      const day = `${v.date.year}-${String(v.date.month).padStart(2, '0')}-${String(v.date.day).padStart(2, '0')}`;
      let values = byDay.get(day);
      if (!values) byDay.set(day, (values = new Map()));
      values.set(metric, Number(v.value ?? 0) || 0);
    }
  }
  const fetched = new Set(series.map((s) => s.dailyMetric).filter((m): m is DailyMetricName => (DAILY_METRICS as readonly string[]).includes(m)));
  const slices: MonthSlice[] = [];
  let current: MonthSlice | null = null;
  for (let t = range.from.getTime(); t <= range.to.getTime(); t += DAY_MS) {
    const day = isoDay(new Date(t));
    const month = day.slice(0, 7);
    if (!current || current.month !== month) {
      current = { month, firstDay: Number(day.slice(8)), values: {} };
      for (const metric of fetched) current.values[metric] = [];
      slices.push(current);
    }
    const values = byDay.get(day);
    for (const metric of fetched) current.values[metric]!.push(values?.get(metric) ?? 0);
  }
  return slices;
}

/** The last `KEYWORD_MONTHS` complete months before `now`. */
export function keywordMonths(now: Date): { startMonth: { year: number; month: number }; endMonth: { year: number; month: number } } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (KEYWORD_MONTHS - 1), 1));
  return {
    startMonth: { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 },
    endMonth: { year: end.getUTCFullYear(), month: end.getUTCMonth() + 1 },
  };
}

export const monthText = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** Every keyword of the range (Google pages them); a value below Google's threshold counts as the threshold. */
export async function searchKeywords(
  client: GoogleBusinessClient,
  googleName: string,
  range: ReturnType<typeof keywordMonths>,
  maxPages = 10,
): Promise<{ SearchKeyword: string; Value: number }[]> {
  const out: { SearchKeyword: string; Value: number }[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await client.listSearchKeywordImpressions(googleName, range, { pageSize: 100, ...(pageToken ? { pageToken } : {}) });
    for (const k of res.items) {
      const value = Number(k.insightsValue.value ?? k.insightsValue.threshold ?? 0);
      out.push({ SearchKeyword: k.searchKeyword, Value: Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0 });
    }
    pageToken = res.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}
