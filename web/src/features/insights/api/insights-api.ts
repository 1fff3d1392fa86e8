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
import { requestFor, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export type { DashboardData, GettingStarted, LocationInsights, MetricSeries };
export type MetricsInsightsRequest = BodyOf<typeof metricsInsightsRoute>;
export type ReviewsGrowthRequest = BodyOf<typeof reviewsGrowthInsightsRoute>;

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, { durationDays: number; flag: boolean; groupId?: string }>({
      query: ({ durationDays, flag, groupId }) =>
        requestFor(dashboardFetchRoute, { params: { durationDays, flag: flag ? 'true' : 'false' }, query: groupId ? { groupId } : {} }),
      transformResponse: (res: AnswerOf<typeof dashboardFetchRoute>) => res.Data,
      providesTags: ['Dashboard'],
    }),
    /** Each step's tick follows the read model it is read from: a live change there asks again. */
    gettingStarted: build.query<GettingStarted, void>({
      query: () => requestFor(gettingStartedRoute),
      transformResponse: (res: AnswerOf<typeof gettingStartedRoute>) => res.Data,
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
      query: (body) => requestFor(metricsInsightsRoute, { body }),
      transformResponse: (res: AnswerOf<typeof metricsInsightsRoute>) => res.Data,
      providesTags: ['Dashboard'],
    }),
    reviewsGrowth: build.query<MetricSeries, ReviewsGrowthRequest>({
      query: (body) => requestFor(reviewsGrowthInsightsRoute, { body }),
      transformResponse: (res: AnswerOf<typeof reviewsGrowthInsightsRoute>) => res.Data,
      providesTags: ['Dashboard', 'Review'],
    }),
    /** The details response's insights part (top search keywords). */
    locationInsights: build.query<LocationInsights, string>({
      query: (id) => requestFor(getLocationRoute, { params: { id } }),
      transformResponse: (res: AnswerOf<typeof getLocationRoute>) => res.Data.LocationInsights,
      providesTags: (_r, _e, id) => [{ type: 'Location', id }, 'Dashboard'],
    }),
    /** Store code and address of the company's locations, to tell apart the ones listed without an email. */
    insightsLocationItems: build.query<AnswerOf<typeof locationItemsRoute>['Data'], void>({
      query: () => requestFor(locationItemsRoute),
      transformResponse: (res: AnswerOf<typeof locationItemsRoute>) => res.Data,
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
