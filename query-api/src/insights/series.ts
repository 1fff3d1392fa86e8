import { METRIC_DISPLAY_NAMES, isoDay, type DailyMetricName, type MetricSeries, type MonthSeries } from '@locus/contracts';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `days` days ending yesterday (Google reports nothing for today), oldest first. */
export function windowOf(now: Date, days: number): string[] {
  const yesterday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(isoDay(new Date(yesterday - i * DAY_MS)));
  return out;
}

/** The months (`YYYY-MM`) a window touches: what to read. */
export const monthsOf = (days: readonly string[]): { first: string; last: string } => ({
  first: days[0]!.slice(0, 7),
  last: days[days.length - 1]!.slice(0, 7),
});

/** `Nov 23` for `2026-11-23`. */
export const dayLabel = (day: string): string => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}`;

/** Per metric, the day-by-day sums of month documents (one company's totals or several locations'). */
export function dailyTotals(
  docs: readonly { month: string; m: MonthSeries }[],
  metrics: readonly DailyMetricName[],
  days: readonly string[],
): Map<DailyMetricName, number[]> {
  const byMonth = new Map<string, { m: MonthSeries }[]>();
  for (const doc of docs) {
    const list = byMonth.get(doc.month);
    if (list) list.push(doc);
    else byMonth.set(doc.month, [doc]);
  }
  const out = new Map<DailyMetricName, number[]>();
  for (const metric of metrics) {
    out.set(
      metric,
      days.map((day) => {
        const index = Number(day.slice(8)) - 1;
        let sum = 0;
        for (const doc of byMonth.get(day.slice(0, 7)) ?? []) sum += doc.m[metric]?.[index] ?? 0;
        return sum;
      }),
    );
  }
  return out;
}

/** A line chart's series: one point per day. */
export const daySeries = (metric: string, days: readonly string[], values: readonly number[]): MetricSeries => ({
  Metric: metric,
  SeriesValues: days.map((day, i) => ({ Label: day, Value: values[i] ?? 0, DataPointLabel: dayLabel(day) })),
});

/** A doughnut's series: one share per metric, the window's total. */
export const shareSeries = (metric: string, totals: Map<DailyMetricName, number[]>): MetricSeries => ({
  Metric: metric,
  SeriesValues: [...totals].map(([name, values]) => ({
    Label: name,
    Value: values.reduce((a, b) => a + b, 0),
    DataPointLabel: METRIC_DISPLAY_NAMES[name],
  })),
});
