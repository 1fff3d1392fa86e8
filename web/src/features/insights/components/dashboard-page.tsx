import { Button, Callout, Card, Icon, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { IMPRESSION_METRICS, type DailyMetricName } from '@locus/contracts';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@web/shared/lib/dates';
import { failureMessage } from '@web/shared/lib/envelope';
import { PageHeader } from '@web/shared/ui/page-header';
import { useDashboardQuery, type DashboardData, type MetricSeries } from '../api/insights-api';
import { DASHBOARD_INSIGHTS_DAYS, METRIC_COLOURS, METRIC_DISPLAY_NAMES, insightsTexts as t } from '../constants';
import { ChartCard } from './chart-card';
import { GettingStartedPanel } from './getting-started';
import { DailyLineChart, Doughnut } from './charts';
import { MissingEmailDialog } from './missing-email-dialog';
import { seriesTotal, useMetricSeries, useReviewGrowthSeries } from './use-metric-series';
import '../insights.css';
import { FeatureSlot } from '@web/app/feature-slots';

function Tile({ icon, title, children, testId }: { icon: IconName; title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="locus-tile" data-testid={testId}>
      <Icon icon={icon} size={28} className="locus-tile-icon" />
      <div>
        <div className="locus-tile-title">{title}</div>
        <div className="locus-tile-value">{children}</div>
      </div>
    </Card>
  );
}

/** A daily line chart with its own duration picker, starting from the dashboard call's window. */
function MetricLineCard({
  title,
  metric,
  preloaded,
  testId,
  groupId,
}: {
  title: string;
  metric: DailyMetricName;
  preloaded: MetricSeries | null;
  testId: string;
  groupId: string;
}) {
  const [days, setDays] = useState(DASHBOARD_INSIGHTS_DAYS);
  const { series, loading, failed } = useMetricSeries({ metrics: [metric], days, groupId, preloaded: { days: DASHBOARD_INSIGHTS_DAYS, series: [preloaded] } });
  return (
    <ChartCard
      title={title}
      days={days}
      onDaysChange={setDays}
      loading={loading}
      failed={failed}
      empty={!series?.[0]?.SeriesValues.length}
      testId={testId}
      series={series?.[0]}
    >
      {series?.[0] ? <DailyLineChart title={title} lines={[{ id: METRIC_DISPLAY_NAMES[metric], colour: METRIC_COLOURS[metric], series: series[0] }]} /> : null}
    </ChartCard>
  );
}

function ReviewGrowthCard({ preloaded, groupId }: { preloaded: MetricSeries | null; groupId: string }) {
  const [days, setDays] = useState(DASHBOARD_INSIGHTS_DAYS);
  const { series, loading, failed } = useReviewGrowthSeries({ days, groupId, preloaded: { days: DASHBOARD_INSIGHTS_DAYS, series: preloaded } });
  return (
    <ChartCard
      title={t.reviewGrowth}
      days={days}
      onDaysChange={setDays}
      loading={loading}
      failed={failed}
      empty={!series?.SeriesValues.length}
      testId="chart-reviews"
      series={series}
    >
      {series ? <DailyLineChart title={t.reviewGrowth} lines={[{ id: t.reviewsSeries, colour: METRIC_COLOURS.REVIEWS, series }]} /> : null}
    </ChartCard>
  );
}

function ViewersCard({ preloaded, groupId }: { preloaded: MetricSeries | null; groupId: string }) {
  const [days, setDays] = useState(DASHBOARD_INSIGHTS_DAYS);
  // the dashboard call answers the shares of its window; another window sums the daily series
  const fromPreloaded = days === DASHBOARD_INSIGHTS_DAYS && preloaded;
  const { series, loading, failed } = useMetricSeries({ metrics: [...IMPRESSION_METRICS], days, groupId, skip: Boolean(fromPreloaded) });
  const shares = fromPreloaded
    ? preloaded.SeriesValues.map((v) => ({
        id: v.DataPointLabel,
        label: v.DataPointLabel,
        value: v.Value,
        colour: METRIC_COLOURS[v.Label as DailyMetricName] ?? '#5f6b7c',
      }))
    : (series ?? []).map((s) => ({
        id: METRIC_DISPLAY_NAMES[s.Metric as DailyMetricName] ?? s.Metric,
        label: METRIC_DISPLAY_NAMES[s.Metric as DailyMetricName] ?? s.Metric,
        value: seriesTotal(s),
        colour: METRIC_COLOURS[s.Metric as DailyMetricName] ?? '#5f6b7c',
      }));
  return (
    <ChartCard
      title={t.profileViewers}
      days={days}
      onDaysChange={setDays}
      loading={!fromPreloaded && loading}
      failed={!fromPreloaded && failed}
      empty={shares.every((s) => s.value === 0)}
      testId="chart-viewers"
    >
      <Doughnut title={t.profileViewers} shares={shares} />
    </ChartCard>
  );
}

function Tiles({ data }: { data: DashboardData }) {
  return (
    <div className="locus-tiles">
      <Tile icon="office" title={t.activeLocations} testId="tile-active">
        {data.TotalLocations}
      </Tile>
      <Tile icon="refresh" title={t.syncedLocations} testId="tile-synced">
        {data.TotalLocationsSynchronizedInLastDay}
      </Tile>
      <Tile icon="star" title={t.googleBusiness} testId="tile-google">
        <span data-testid="tile-google-reviews">{data.TotalLocationsReviews}</span> <span className="locus-tile-unit">{t.totalReviews}</span>
        <div>
          <span data-testid="tile-google-rating">{data.AverageLocationsRating.toFixed(2)}</span> <span className="locus-tile-unit">{t.averageRating}</span>
        </div>
      </Tile>
      <Tile icon="comment" title={t.unresponded} testId="tile-unresponded">
        {data.TotalUnrespondedLocationsReviews}
      </Tile>
    </div>
  );
}

/** The locations whose last insights import failed, with when and Google's reason: never silent zeros. */
function ImportFailures({ failures }: { failures: DashboardData['InsightsImportFailures'] }) {
  if (failures.Count === 0) return null;
  const hidden = failures.Count - failures.Locations.length;
  return (
    <Callout intent="danger" icon="cloud-download" title={t.importFailedTitle} className="locus-callout" data-testid="insights-import-failures">
      <p>{t.importFailures(failures.Count)}</p>
      <ul className="locus-import-failures">
        {failures.Locations.map((f) => (
          <li key={f.Id}>
            <Link to={`/${f.Id}/location-details`}>{f.Title || f.Id}</Link> <span className="locus-muted">{formatDateTime(f.FailedAt)}</span> — {f.Message}
          </li>
        ))}
        {hidden > 0 ? <li>{t.importFailuresMore(hidden)}</li> : null}
      </ul>
    </Callout>
  );
}

/** /dashboard (spec part 1 §2 Dashboard): tiles, the missing-email warning, the viewers doughnut and the line charts. */
export default function DashboardPage() {
  // one of the company's location groups, or '' for every location
  const [groupId, setGroupId] = useState('');
  const { data, error, isLoading } = useDashboardQuery({ durationDays: DASHBOARD_INSIGHTS_DAYS, flag: true, groupId });
  const [missingOpen, setMissingOpen] = useState(false);
  if (isLoading) return <Spinner />;
  if (error || !data) return <NonIdealState icon="error" description={failureMessage(error, t.loadFailed)} />;
  const missing = data.LocationsWithoutPrimaryEmail;
  return (
    <div className="locus-page locus-dashboard">
      <PageHeader title={t.dashboard} actions={<FeatureSlot name="locationGroupFilter" value={groupId} onChange={setGroupId} />} />
      {missing.length > 0 ? (
        <Callout intent="warning" icon="envelope" className="locus-callout locus-missing-email">
          <span data-testid="missing-email-warning">{t.missingEmail(missing.length)}</span>
          <Button intent="warning" variant="outlined" text={t.viewLocations} onClick={() => setMissingOpen(true)} />
        </Callout>
      ) : null}
      <GettingStartedPanel />
      <ImportFailures failures={data.InsightsImportFailures} />
      <Tiles data={data} />
      <FeatureSlot name="dashboardListingHealth" />
      <div className="locus-charts">
        <ViewersCard key={`viewers-${groupId}`} preloaded={data.BusinessProfileViewsInsightsData} groupId={groupId} />
        <MetricLineCard
          key={`calls-${groupId}`}
          title={t.calls}
          metric="CALL_CLICKS"
          preloaded={data.CallsMadeMetricSeriesData}
          testId="chart-calls"
          groupId={groupId}
        />
        <MetricLineCard
          key={`website-${groupId}`}
          title={t.websiteClicks}
          metric="WEBSITE_CLICKS"
          preloaded={data.WebsiteClicksMetricSeriesData}
          testId="chart-website"
          groupId={groupId}
        />
        <MetricLineCard
          key={`directions-${groupId}`}
          title={t.directions}
          metric="BUSINESS_DIRECTION_REQUESTS"
          preloaded={data.DirectionsMetricSeriesData}
          testId="chart-directions"
          groupId={groupId}
        />
        <ReviewGrowthCard key={`reviews-${groupId}`} preloaded={data.NumberOfReviewsOverTime} groupId={groupId} />
      </div>
      {missingOpen ? <MissingEmailDialog locations={missing} onClose={() => setMissingOpen(false)} /> : null}
    </div>
  );
}
