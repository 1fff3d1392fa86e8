import { opsProjectionsRoute, opsRebuildProjectionRoute, opsRetryParkedRoute, opsSkipParkedRoute, type OpsStatusReportDto } from '@locus/contracts';
import { api } from '@web/app/api';
import { dataQuery, requestFor, type AnswerOf, type ParamsOf } from '@web/shared/lib/api-path';

export type OpsStatusReport = OpsStatusReportDto;
export type OpsProjectionRow = OpsStatusReport['projections'][number];
export type OpsReactorRow = OpsStatusReport['reactors'][number];
export type OpsParkedEvent = OpsReactorRow['parkedEvents'][number];

/** /operations: the status is read again whenever the server says it changed (live `ops-status`). */
export const opsApi = api.injectEndpoints({
  endpoints: (build) => ({
    opsStatus: build.query<OpsStatusReport, void>({
      ...dataQuery(opsProjectionsRoute)(),
      providesTags: ['OpsStatus'],
    }),
    rebuildProjection: build.mutation<AnswerOf<typeof opsRebuildProjectionRoute>, ParamsOf<typeof opsRebuildProjectionRoute>>({
      query: (params) => requestFor(opsRebuildProjectionRoute, { params }),
      invalidatesTags: ['OpsStatus'],
    }),
    retryParked: build.mutation<AnswerOf<typeof opsRetryParkedRoute>, ParamsOf<typeof opsRetryParkedRoute>>({
      query: (params) => requestFor(opsRetryParkedRoute, { params }),
      invalidatesTags: ['OpsStatus'],
    }),
    skipParked: build.mutation<AnswerOf<typeof opsSkipParkedRoute>, ParamsOf<typeof opsSkipParkedRoute>>({
      query: (params) => requestFor(opsSkipParkedRoute, { params }),
      invalidatesTags: ['OpsStatus'],
    }),
  }),
});

export const { useOpsStatusQuery, useRebuildProjectionMutation, useRetryParkedMutation, useSkipParkedMutation } = opsApi;
