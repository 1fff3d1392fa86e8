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
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

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
      ...dataQuery(locationItemsRoute)((arg) => ({ query: arg?.groupId ? { groupId: arg.groupId } : {} })),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    /** One location's current values, for the Location Sample preview and the selected-locations dialog. */
    sampleLocation: build.query<SampleLocation, string>({
      ...dataQuery(locationDefaultHoursRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    /** Each selected location's rendered description length against Google's limit. */
    bulkEditPreview: build.query<BulkEditPreviewRows, BulkEditPreviewRequest>({
      ...dataQuery(bulkEditPreviewRoute)((body) => ({ body })),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    startBulkEdit: build.mutation<AnswerOf<typeof bulkLocationEditRoute>, BulkEditRequest>({
      query: (body) => requestFor(bulkLocationEditRoute, { body }),
      invalidatesTags: [jobs],
    }),
    bulkEditJobs: build.query<BulkEditJobRow[], void>({
      ...dataQuery(listBulkEditJobsRoute)(),
      providesTags: [jobs],
    }),
    /** Progress and outcomes; refreshed by the live channel as outcomes arrive. */
    bulkEditJob: build.query<BulkEditJobDetails, string>({
      ...dataQuery(getBulkEditJobRoute)((jobId) => ({ params: { jobId } })),
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
