import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { MetricSeries } from '../api/insights-api';
import { WEEKDAYS_FROM_MONDAY } from '../constants';

export interface LineSeries {
  id: string;
  colour: string;
  series: MetricSeries;
}

const MARGIN = { top: 16, right: 24, bottom: 48, left: 48 };

/** Up to `n` evenly spread day labels for the bottom axis. */
const tickValues = (labels: string[], n = 6): string[] => {
  if (labels.length <= n) return labels;
  const step = Math.ceil(labels.length / n);
  return labels.filter((_, i) => i % step === 0);
};

/**
 * A chart's text alternative: the drawing is one image named by its title and a summary of its
 * figures, so screen readers get the numbers the picture shows.
 */
function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="locus-chart-figure">
      {children}
    </div>
  );
}

const total = (s: MetricSeries): number => s.SeriesValues.reduce((n, p) => n + p.Value, 0);

/** Daily lines with fixed colours (spec part 1 §9); x is the day, shown as `Nov 23`. */
export function DailyLineChart({ title, lines }: { title: string; lines: LineSeries[] }) {
  const labels = lines[0]?.series.SeriesValues.map((p) => p.Label) ?? [];
  const shown = new Map(lines[0]?.series.SeriesValues.map((p) => [p.Label, p.DataPointLabel]) ?? []);
  const span = labels.length
    ? `, ${labels.length} days from ${shown.get(labels[0]!) ?? labels[0]} to ${shown.get(labels[labels.length - 1]!) ?? labels[labels.length - 1]}`
    : '';
  const figures =
    lines.length === 1
      ? `${total(lines[0]!.series).toLocaleString()} in total`
      : lines.map((l) => `${l.id} ${total(l.series).toLocaleString()} in total`).join(', ');
  const label = `${title}: ${figures}${span}`;
  return (
    <ChartFigure label={label}>
      <ResponsiveLine
        role="presentation"
        data={lines.map((l) => ({ id: l.id, data: l.series.SeriesValues.map((p) => ({ x: p.Label, y: p.Value })) }))}
        colors={lines.map((l) => l.colour)}
        margin={{ ...MARGIN, right: lines.length > 1 ? 150 : MARGIN.right }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 'auto' }}
        axisBottom={{ tickValues: tickValues(labels), format: (v) => shown.get(String(v)) ?? String(v) }}
        axisLeft={{ tickValues: 5 }}
        enableGridX={false}
        enablePoints={labels.length <= 31}
        pointSize={5}
        useMesh
        enableSlices="x"
        curve="monotoneX"
        legends={
          lines.length > 1
            ? [{ anchor: 'right', direction: 'column', translateX: 140, itemWidth: 130, itemHeight: 20, symbolSize: 10, symbolShape: 'circle' }]
            : []
        }
      />
    </ChartFigure>
  );
}

export interface Share {
  id: string;
  label: string;
  value: number;
  colour: string;
}

/** Below this width the doughnut's legend goes under it, so the ring and its numbers keep their room. */
const DOUGHNUT_SIDE_LEGEND_MIN = 480;
const LEGEND_ROW = 22;

/** The width of an element, followed as it resizes. */
function useWidth<T extends HTMLElement>(): [RefObject<T>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A doughnut of shares with fixed colours; its legend on the right, or under it on a narrow card. */
export function Doughnut({ title, shares }: { title: string; shares: Share[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const side = width === 0 || width >= DOUGHNUT_SIDE_LEGEND_MIN;
  const below = shares.length * LEGEND_ROW + 8;
  return (
    <div ref={ref} className="locus-chart-figure">
      <ChartFigure label={`${title}: ${shares.map((s) => `${s.label} ${s.value.toLocaleString()}`).join(', ')}`}>
        <ResponsivePie
          role="presentation"
          data={shares.map((s) => ({ id: s.id, label: s.label, value: s.value, color: s.colour }))}
          colors={{ datum: 'data.color' }}
          margin={side ? { top: 16, right: 190, bottom: 16, left: 16 } : { top: 8, right: 8, bottom: below + 8, left: 8 }}
          innerRadius={0.6}
          padAngle={1}
          cornerRadius={2}
          arcLinkLabelsSkipAngle={360}
          arcLabelsSkipAngle={12}
          arcLabel={(d) => d.value.toLocaleString()}
          arcLabelsTextColor="#ffffff"
          legends={[
            side
              ? { anchor: 'right', direction: 'column', translateX: 180, itemWidth: 170, itemHeight: LEGEND_ROW, symbolSize: 10, symbolShape: 'circle' }
              : { anchor: 'bottom', direction: 'column', translateY: below, itemWidth: 170, itemHeight: LEGEND_ROW, symbolSize: 10, symbolShape: 'circle' },
          ]}
        />
      </ChartFigure>
    </div>
  );
}

/** Totals per day of the week, Monday first. */
export function weekdayTotals(series: MetricSeries): { day: string; value: number }[] {
  const sums = new Map<number, number>();
  for (const p of series.SeriesValues) {
    const weekday = new Date(`${p.Label}T00:00:00Z`).getUTCDay();
    sums.set(weekday, (sums.get(weekday) ?? 0) + p.Value);
  }
  return WEEKDAYS_FROM_MONDAY.map((d) => ({ day: d.label, value: sums.get(d.index) ?? 0 }));
}

export function WeekdayBars({ title, totals, colour, label }: { title: string; totals: { day: string; value: number }[]; colour: string; label: string }) {
  return (
    <ChartFigure label={`${title}: ${totals.map((t) => `${t.day} ${t.value.toLocaleString()}`).join(', ')}`}>
      <ResponsiveBar
        role="presentation"
        data={totals.map((t) => ({ day: t.day, [label]: t.value }))}
        keys={[label]}
        indexBy="day"
        colors={[colour]}
        margin={MARGIN}
        padding={0.3}
        axisLeft={{ tickValues: 5 }}
        labelSkipHeight={14}
        labelTextColor="#ffffff"
      />
    </ChartFigure>
  );
}
