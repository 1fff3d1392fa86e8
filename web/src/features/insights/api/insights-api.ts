import {
  dashboardFetchRoute,
  getLocationRoute,
  locationItemsRoute,
  gettingStartedRoute,
  type GettingStarted,
  metricsInsightsRoute,
  reviewsGrowthInsightsRoute,
  type DashboardData,
  type LocationInsights,
  type MetricSeries,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export type { DashboardData, GettingStarted, LocationInsights, MetricSeries };
export type MetricsInsightsRequest = BodyOf<typeof metricsInsightsRoute>;
export type ReviewsGrowthRequest = BodyOf<typeof reviewsGrowthInsightsRoute>;

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, { durationDays: number; flag: boolean; groupId?: string }>({
      ...dataQuery(dashboardFetchRoute)(({ durationDays, flag, groupId }) => ({
        params: { durationDays, flag: flag ? 'true' : 'false' },
        query: groupId ? { groupId } : {},
      })),
      providesTags: ['Dashboard'],
    }),
    /** Each step's tick follows the read model it is read from: a live change there asks again. */
    gettingStarted: build.query<GettingStarted, void>({
      ...dataQuery(gettingStartedRoute)(),
      providesTags: [
        { type: 'Connection', id: LIST },
        { type: 'Location', id: LIST },
        { type: 'User', id: LIST },
        { type: 'LocationDefault', id: LIST },
        { type: 'AiSettings', id: LIST },
        'Dashboard',
      ],
    }),
    metricsInsights: build.query<MetricSeries[], MetricsInsightsRequest>({
      ...dataQuery(metricsInsightsRoute)((body) => ({ body })),
      providesTags: ['Dashboard'],
    }),
    reviewsGrowth: build.query<MetricSeries, ReviewsGrowthRequest>({
      ...dataQuery(reviewsGrowthInsightsRoute)((body) => ({ body })),
      providesTags: ['Dashboard', 'Review'],
    }),
    /** The details response's insights part (top search keywords). */
    locationInsights: build.query<LocationInsights, string>({
      ...dataQuery(getLocationRoute)(
        (id) => ({ params: { id } }),
        (data) => data.LocationInsights,
      ),
      providesTags: (_r, _e, id) => [{ type: 'Location', id }, 'Dashboard'],
    }),
    /** Store code and address of the company's locations, to tell apart the ones listed without an email. */
    insightsLocationItems: build.query<AnswerOf<typeof locationItemsRoute>['Data'], void>({
      ...dataQuery(locationItemsRoute)(),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
  }),
});

export const {
  useDashboardQuery,
  useGettingStartedQuery,
  useMetricsInsightsQuery,
  useReviewsGrowthQuery,
  useLocationInsightsQuery,
  useInsightsLocationItemsQuery,
} = insightsApi;
