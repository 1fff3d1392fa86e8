import { Callout, Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { IMPRESSION_METRICS, type DailyMetricName } from '@locus/contracts';
import { formatDateTime } from '@web/shared/lib/dates';
import { useLocationInsightsQuery } from '../api/insights-api';
import { DEFAULT_INSIGHTS_DAYS, METRIC_COLOURS, METRIC_DISPLAY_NAMES, insightsTexts as t } from '../constants';
import { ChartCard } from './chart-card';
import { DailyLineChart, Doughnut, WeekdayBars, weekdayTotals } from './charts';
import { seriesTotal, useMetricSeries } from './use-metric-series';
import '../insights.css';

const CUSTOMER_ACTIONS: DailyMetricName[] = ['CALL_CLICKS', 'WEBSITE_CLICKS', 'BUSINESS_DIRECTION_REQUESTS', 'BUSINESS_BOOKINGS'];

/** One location's daily line(s), with the duration picker (default 90 days). */
function LocationLineCard({ locationId, title, metrics, testId }: { locationId: string; title: string; metrics: DailyMetricName[]; testId: string }) {
  const [days, setDays] = useState(DEFAULT_INSIGHTS_DAYS);
  const { series, loading, failed } = useMetricSeries({ metrics, days, locationId });
  const lines = (series ?? []).map((s) => ({
    id: METRIC_DISPLAY_NAMES[s.Metric as DailyMetricName] ?? s.Metric,
    colour: METRIC_COLOURS[s.Metric as DailyMetricName] ?? '#5f6b7c',
    series: s,
  }));
  return (
    <ChartCard
      title={title}
      days={days}
      onDaysChange={setDays}
      loading={loading}
      failed={failed}
      empty={lines.length === 0}
      testId={testId}
      series={series?.[0]}
    >
      <DailyLineChart title={title} lines={lines} />
    </ChartCard>
  );
}

function CallsByWeekdayCard({ locationId }: { locationId: string }) {
  const [days, setDays] = useState(DEFAULT_INSIGHTS_DAYS);
  const { series, loading, failed } = useMetricSeries({ metrics: ['CALL_CLICKS'], days, locationId });
  return (
    <ChartCard
      title={t.phoneCallsByDay}
      days={days}
      onDaysChange={setDays}
      loading={loading}
      failed={failed}
      empty={!series?.[0]}
      testId="chart-calls-weekday"
      series={series?.[0]}
    >
      {series?.[0] ? <WeekdayBars title={t.phoneCallsByDay} totals={weekdayTotals(series[0])} colour={METRIC_COLOURS.CALL_CLICKS} label={t.calls} /> : null}
    </ChartCard>
  );
}

function DiscoveryCard({ locationId }: { locationId: string }) {
  const [days, setDays] = useState(DEFAULT_INSIGHTS_DAYS);
  const { series, loading, failed } = useMetricSeries({ metrics: [...IMPRESSION_METRICS], days, locationId });
  const shares = (series ?? []).map((s) => {
    const metric = s.Metric as DailyMetricName;
    return { id: METRIC_DISPLAY_NAMES[metric], label: METRIC_DISPLAY_NAMES[metric], value: seriesTotal(s), colour: METRIC_COLOURS[metric] };
  });
  return (
    <ChartCard
      title={t.discovery}
      days={days}
      onDaysChange={setDays}
      loading={loading}
      failed={failed}
      empty={shares.every((s) => s.value === 0)}
      testId="chart-discovery"
    >
      <Doughnut title={t.discovery} shares={shares} />
    </ChartCard>
  );
}

/** Top 10 search keywords with their values and total (spec part 2 §2, §9). */
function KeywordsCard({ locationId }: { locationId: string }) {
  const { data, isLoading } = useLocationInsightsQuery(locationId);
  return (
    <Card className="locus-chart-card" data-testid="keywords">
      <div className="locus-chart-head">
        <H5>{t.keywords}</H5>
        {data?.SearchKeywordsPeriod ? (
          <span className="locus-muted">{t.keywordsPeriod(data.SearchKeywordsPeriod.FromMonth, data.SearchKeywordsPeriod.ToMonth)}</span>
        ) : null}
      </div>
      {isLoading ? (
        <Spinner />
      ) : !data || data.SearchKeywords.length === 0 ? (
        <NonIdealState icon="search-text" description={t.noKeywords} />
      ) : (
        <HTMLTable compact striped className="locus-keywords" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>#</th>
              <th>{t.keyword}</th>
              <th className="locus-number">{t.searches}</th>
            </tr>
          </thead>
          <tbody>
            {data.SearchKeywords.map((k, i) => (
              <tr key={k.SearchKeyword}>
                <td>{i + 1}</td>
                <td>{k.SearchKeyword}</td>
                <td className="locus-number">{k.Value.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td />
              <td>
                <strong>{t.total}</strong>
              </td>
              <td className="locus-number" data-testid="keywords-total">
                <strong>{data.SearchKeywordsTotal.toLocaleString()}</strong>
              </td>
            </tr>
          </tfoot>
        </HTMLTable>
      )}
    </Card>
  );
}

/** When the location's last insights import failed: when, Google's reason, and what the charts show instead. */
function ImportFailure({ locationId }: { locationId: string }) {
  const { data } = useLocationInsightsQuery(locationId);
  const state = data?.ImportState;
  if (state?.Status !== 'Failed') return null;
  return (
    <Callout intent="danger" icon="cloud-download" title={t.importFailedTitle} className="locus-callout locus-charts-wide" data-testid="insights-import-failed">
      <div>{t.importFailedAt(formatDateTime(state.At), state.Message ?? '')}</div>
      <div>{state.LastImportedAt ? t.importLastSucceeded(formatDateTime(state.LastImportedAt)) : t.importNeverSucceeded}</div>
    </Callout>
  );
}

/** The details page's insight sections (spec part 2 §2): website clicks, calls by weekday, discovery, keywords, customer actions. */
export function LocationInsightsSections({ locationId }: { locationId: string }) {
  return (
    <div className="locus-charts locus-location-insights">
      <ImportFailure locationId={locationId} />
      <LocationLineCard locationId={locationId} title={t.websiteClicks} metrics={['WEBSITE_CLICKS']} testId="chart-website" />
      <CallsByWeekdayCard locationId={locationId} />
      <DiscoveryCard locationId={locationId} />
      <KeywordsCard locationId={locationId} />
      <LocationLineCard locationId={locationId} title={t.customerActions} metrics={CUSTOMER_ACTIONS} testId="chart-customer-actions" />
    </div>
  );
}
