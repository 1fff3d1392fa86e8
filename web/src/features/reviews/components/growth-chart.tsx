import { HTMLSelect, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { ResponsiveLine } from '@nivo/line';
import { useState } from 'react';
import { REVIEW_GROWTH_DAYS } from '@locus/contracts';
import { useReviewsGrowthQuery } from '../api/reviews-api';
import { growthTooltip, reviewTexts as t } from '../constants';

/** Reviews growth (nivo line): the running total of reviews and the new ones per day. */
export function GrowthChart({ companyId }: { companyId: string }) {
  const [days, setDays] = useState<number>(90);
  const { data, isLoading } = useReviewsGrowthQuery({ companyId, days });
  const points = data ?? [];
  const series = [
    { id: t.totalLine, data: points.map((p) => ({ x: p.Date, y: p.Total })) },
    { id: t.newReviews, data: points.map((p) => ({ x: p.Date, y: p.Count })) },
  ];
  return (
    <div className="locus-review-growth" data-testid="reviews-growth">
      <div className="locus-card-title-row">
        <h3 className="locus-section-title">{t.growthTitle}</h3>
        <HTMLSelect
          aria-label={t.growthTitle}
          value={days}
          onChange={(e) => setDays(Number(e.currentTarget.value))}
          options={REVIEW_GROWTH_DAYS.map((d) => ({ value: d, label: t.growthDays(d) }))}
        />
      </div>
      <div className="locus-chart">
        {isLoading ? (
          <Spinner size={SpinnerSize.SMALL} />
        ) : points.length === 0 ? (
          <NonIdealState description={t.noReviews} />
        ) : (
          <ResponsiveLine
            data={series}
            ariaLabel={`${t.growthTitle}: ${t.totalLine} ${points[points.length - 1]!.Total.toLocaleString()}, ${t.newReviews} ${points
              .reduce((n, p) => n + p.Count, 0)
              .toLocaleString()}, ${points.length} days from ${points[0]!.Date} to ${points[points.length - 1]!.Date}`}
            margin={{ top: 16, right: 24, bottom: 48, left: 48 }}
            xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
            xFormat="time:%b %d, %Y"
            yScale={{ type: 'linear', min: 0, max: 'auto' }}
            axisBottom={{ format: '%m/%d', tickValues: 6 }}
            axisLeft={{ tickValues: 5 }}
            enablePoints={false}
            useMesh
            tooltip={({ point }) => (
              <div className="locus-chart-tooltip">{growthTooltip(point.data.xFormatted, Number(point.data.y), String(point.seriesId))}</div>
            )}
            colors={['#2d72d2', '#29a634']}
            legends={[{ anchor: 'top-left', direction: 'row', itemWidth: 120, itemHeight: 16, translateY: -16 }]}
          />
        )}
      </div>
    </div>
  );
}
