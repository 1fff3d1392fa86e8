import { createStaffRoute, deactivateStaffRoute, listStaffFilteredRoute, listStaffRoute, updateStaffRoute, type Staff, type StaffBody } from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type ParamsOf } from '@web/shared/lib/api-path';

export type { Staff, StaffBody };

export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    staff: build.query<Staff[], { companyId: string; filter?: string }>({
      ...dataQuery(listStaffRoute)(({ companyId }) => ({ params: { companyId } })),
      // a filter is a route of its own, with the same answer
      query: ({ companyId, filter }) =>
        filter ? requestFor(listStaffFilteredRoute, { params: { companyId, filter } }) : requestFor(listStaffRoute, { params: { companyId } }),
      providesTags: (res) => [...(res ?? []).map((s) => ({ type: 'Staff' as const, id: s.Id })), { type: 'Staff', id: LIST }],
    }),
    createStaff: build.mutation<AnswerOf<typeof createStaffRoute>, { companyId: string; body: BodyOf<typeof createStaffRoute> }>({
      query: ({ companyId, body }) => requestFor(createStaffRoute, { params: { companyId }, body }),
      invalidatesTags: [{ type: 'Staff', id: LIST }],
    }),
    updateStaff: build.mutation<AnswerOf<typeof updateStaffRoute>, { companyId: string; staffId: string; body: BodyOf<typeof updateStaffRoute> }>({
      query: ({ companyId, staffId, body }) => requestFor(updateStaffRoute, { params: { companyId, staffId }, body }),
      invalidatesTags: (_r, _e, { staffId }) => [
        { type: 'Staff', id: staffId },
        { type: 'Staff', id: LIST },
      ],
    }),
    deactivateStaff: build.mutation<AnswerOf<typeof deactivateStaffRoute>, ParamsOf<typeof deactivateStaffRoute>>({
      query: ({ companyId, staffId }) => requestFor(deactivateStaffRoute, { params: { companyId, staffId } }),
      invalidatesTags: [{ type: 'Staff', id: LIST }],
    }),
  }),
});

export const { useStaffQuery, useCreateStaffMutation, useUpdateStaffMutation, useDeactivateStaffMutation } = staffApi;
