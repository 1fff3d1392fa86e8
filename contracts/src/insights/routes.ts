import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import {
  DashboardDataSchema,
  DashboardFetchParamsSchema,
  GroupQuerySchema,
  MetricSeriesSchema,
  MetricsInsightsBodySchema,
  ReviewsGrowthBodySchema,
} from './dto';
import { gettingStartedRoute } from './getting-started';

const COMPANY_MEMBERS = ['CompanyAdmin', 'CompanyUser'] as const;

/** Spec part 1 §7 Dashboard: tiles and (flag true) the charts of the last durationDays. A CompanyUser sees the locations assigned to them. */
export const dashboardFetchRoute = defineRoute({
  name: 'dashboard.fetch',
  method: 'GET',
  path: '/api/dashboard/fetch/:durationDays/:flag',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: 'Dashboard tiles, locations without a primary email, and (flag true) the metric series of the last durationDays',
  request: { params: DashboardFetchParamsSchema, query: GroupQuerySchema },
  response: z.object({ Success: z.literal(true), Data: DashboardDataSchema }),
});

/** A chart's duration picker: one series per metric, for one location (LocationId) or every location the caller sees. */
export const metricsInsightsRoute = defineRoute({
  name: 'dashboard.metricsInsights',
  method: 'POST',
  path: '/api/dashboard/metrics-insights',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: 'Daily series of the given metrics over InsightsDurationDays (LocationId: one location)',
  request: { body: MetricsInsightsBodySchema },
  response: z.object({ Success: z.literal(true), Data: z.array(MetricSeriesSchema) }),
});

/** The review-growth chart's duration picker: reviews received per day. */
export const reviewsGrowthInsightsRoute = defineRoute({
  name: 'dashboard.reviewsGrowthInsights',
  method: 'POST',
  path: '/api/dashboard/reviews-growth-insights',
  kind: 'query',
  roles: COMPANY_MEMBERS,
  summary: 'Reviews received per day over InsightsDurationDays (LocationId: one location)',
  request: { body: ReviewsGrowthBodySchema },
  response: z.object({ Success: z.literal(true), Data: MetricSeriesSchema }),
});

export const insightsRoutes = [dashboardFetchRoute, metricsInsightsRoute, reviewsGrowthInsightsRoute, gettingStartedRoute] as const;
