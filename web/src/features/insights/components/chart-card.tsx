import { Card, H5, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { insightsTexts as t } from '../constants';
import type { MetricSeries } from '../api/insights-api';
import { DurationPicker } from './duration-picker';
import { seriesTotal } from './use-metric-series';
import { useEmptyChartHint } from './getting-started';

/** A chart with its title and duration picker; loading, failure and empty states in one place. */
export function ChartCard({
  title,
  days,
  onDaysChange,
  loading,
  failed,
  empty,
  children,
  testId,
  height = 280,
  series,
}: {
  title: string;
  days?: number;
  onDaysChange?: (days: number) => void;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  children: ReactNode;
  testId?: string;
  height?: number;
  /** The series shown: its number of points and total are set on the card (tests and assistive tech read them). */
  series?: MetricSeries | null;
}) {
  const hint = useEmptyChartHint();
  // A series of zeros draws a flat line that reads as "nothing happened": it is an empty chart.
  const nothing = empty || (series ? seriesTotal(series) === 0 : false);
  return (
    <Card
      className="locus-chart-card"
      data-testid={testId}
      data-days={days}
      data-points={series ? series.SeriesValues.length : undefined}
      data-total={series ? seriesTotal(series) : undefined}
      aria-busy={loading}
    >
      <div className="locus-chart-head">
        <H5>{title}</H5>
        {days !== undefined && onDaysChange ? <DurationPicker value={days} onChange={onDaysChange} label={title} /> : null}
      </div>
      <div className="locus-chart-body" style={{ height }}>
        {loading ? (
          <div className="locus-chart-state">
            <Spinner size={SpinnerSize.STANDARD} />
          </div>
        ) : failed ? (
          <div className="locus-chart-state">
            <NonIdealState icon="error" description={t.loadFailed} />
          </div>
        ) : nothing ? (
          <div className="locus-chart-state" data-testid="chart-empty">
            <NonIdealState icon="timeline-line-chart" description={hint ?? t.noData} />
          </div>
        ) : (
          children
        )}
      </div>
    </Card>
  );
}
