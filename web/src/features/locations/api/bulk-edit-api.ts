import {
  bulkEditOutcomeId,
  bulkEditPreviewRoute,
  bulkLocationEditRoute,
  cancelBulkEditRoute,
  getBulkEditJobRoute,
  listBulkEditJobsRoute,
  listBulkEditOutcomesRoute,
  locationDefaultHoursRoute,
  locationItemsRoute,
  retryBulkEditRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type QueryOf } from '@web/shared/lib/api-path';

export type BulkEditRequest = BodyOf<typeof bulkLocationEditRoute>;
export type BulkEditJobDetails = DataOf<typeof getBulkEditJobRoute>;
export type BulkEditOutcomesPage = AnswerOf<typeof listBulkEditOutcomesRoute>;
/** `seen`: the job's count of the status asked for, never sent: a new count is a new page to read (rows joined the view). */
export type BulkEditOutcomesRequest = { jobId: string; seen: number } & QueryOf<typeof listBulkEditOutcomesRoute>;
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
    /** Progress (counts and estimate); refreshed by the live channel on each outcome, without the locations' rows. */
    bulkEditJob: build.query<BulkEditJobDetails, string>({
      ...dataQuery(getBulkEditJobRoute)((jobId) => ({ params: { jobId } })),
      providesTags: (_r, _e, jobId) => [{ type: 'BulkEditJob', id: jobId }, jobs],
    }),
    /**
     * One page of the job's outcomes. Live changes of the rows shown refresh it; rows joining a
     * status view are noticed through the job's counts (`seen`), so an outcome elsewhere in the
     * job does not read the page again.
     */
    bulkEditOutcomes: build.query<BulkEditOutcomesPage, BulkEditOutcomesRequest>({
      query: ({ jobId, seen: _seen, ...query }) => requestFor(listBulkEditOutcomesRoute, { params: { jobId }, query }),
      keepUnusedDataFor: 5,
      providesTags: (res, _e, { jobId }) => (res?.Data ?? []).map((o) => ({ type: 'BulkEditOutcome' as const, id: bulkEditOutcomeId(jobId, o.LocationId) })),
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
  useBulkEditOutcomesQuery,
  useRetryBulkEditMutation,
  useCancelBulkEditMutation,
} = bulkEditApi;
