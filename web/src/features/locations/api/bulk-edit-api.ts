import {
  bulkEditPreviewRoute,
  bulkLocationEditRoute,
  cancelBulkEditRoute,
  getBulkEditJobRoute,
  listBulkEditJobsRoute,
  locationDefaultHoursRoute,
  locationItemsRoute,
  retryBulkEditRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type BulkEditRequest = BodyOf<typeof bulkLocationEditRoute>;
export type BulkEditJobDetails = DataOf<typeof getBulkEditJobRoute>;
export type BulkEditJobRow = DataOf<typeof listBulkEditJobsRoute>[number];
export type SampleLocation = DataOf<typeof locationDefaultHoursRoute>;
export type BulkLocationItem = DataOf<typeof locationItemsRoute>[number];
export type BulkEditPreviewRequest = BodyOf<typeof bulkEditPreviewRoute>;
export type BulkEditPreviewRows = DataOf<typeof bulkEditPreviewRoute>;

const jobs = { type: 'BulkEditJob' as const, id: LIST };

export const bulkEditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every location of the company for the multi-select (Title, LocationId, StoreCode). */
    bulkLocations: build.query<BulkLocationItem[], { groupId?: string } | void>({
      query: (arg) => requestFor(locationItemsRoute, { query: arg?.groupId ? { groupId: arg.groupId } : {} }),
      transformResponse: (res: AnswerOf<typeof locationItemsRoute>) => res.Data,
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    /** One location's current values, for the Location Sample preview and the selected-locations dialog. */
    sampleLocation: build.query<SampleLocation, string>({
      query: (id) => requestFor(locationDefaultHoursRoute, { params: { id } }),
      transformResponse: (res: AnswerOf<typeof locationDefaultHoursRoute>) => res.Data,
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    /** Each selected location's rendered description length against Google's limit. */
    bulkEditPreview: build.query<BulkEditPreviewRows, BulkEditPreviewRequest>({
      query: (body) => requestFor(bulkEditPreviewRoute, { body }),
      transformResponse: (res: AnswerOf<typeof bulkEditPreviewRoute>) => res.Data,
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    startBulkEdit: build.mutation<AnswerOf<typeof bulkLocationEditRoute>, BulkEditRequest>({
      query: (body) => requestFor(bulkLocationEditRoute, { body }),
      invalidatesTags: [jobs],
    }),
    bulkEditJobs: build.query<BulkEditJobRow[], void>({
      query: () => requestFor(listBulkEditJobsRoute),
      transformResponse: (res: AnswerOf<typeof listBulkEditJobsRoute>) => res.Data,
      providesTags: [jobs],
    }),
    /** Progress and outcomes; refreshed by the live channel as outcomes arrive. */
    bulkEditJob: build.query<BulkEditJobDetails, string>({
      query: (jobId) => requestFor(getBulkEditJobRoute, { params: { jobId } }),
      transformResponse: (res: AnswerOf<typeof getBulkEditJobRoute>) => res.Data,
      providesTags: (_r, _e, jobId) => [{ type: 'BulkEditJob', id: jobId }, jobs],
    }),
    retryBulkEdit: build.mutation<AnswerOf<typeof retryBulkEditRoute>, string>({
      query: (jobId) => requestFor(retryBulkEditRoute, { params: { jobId } }),
      invalidatesTags: (_r, _e, jobId) => [{ type: 'BulkEditJob', id: jobId }, jobs],
    }),
    cancelBulkEdit: build.mutation<AnswerOf<typeof cancelBulkEditRoute>, string>({
      query: (jobId) => requestFor(cancelBulkEditRoute, { params: { jobId } }),
      invalidatesTags: (_r, _e, jobId) => [{ type: 'BulkEditJob', id: jobId }, jobs],
    }),
  }),
});

export const {
  useBulkLocationsQuery,
  useSampleLocationQuery,
  useBulkEditPreviewQuery,
  useStartBulkEditMutation,
  useBulkEditJobsQuery,
  useBulkEditJobQuery,
  useRetryBulkEditMutation,
  useCancelBulkEditMutation,
} = bulkEditApi;
