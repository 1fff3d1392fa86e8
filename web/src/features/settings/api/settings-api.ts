import {
  type AdminVariable,
  type CompanyVariable,
  deleteAdminVariableRoute,
  deleteCompanyVariableRoute,
  getCompanyNameRoute,
  listAdminVariablesRoute,
  listCompanyVariablesRoute,
  saveAdminVariableRoute,
  saveCompanyVariableRoute,
  setAdminVariableValueRoute,
  setCompanyVariableValueRoute,
  updateCompanyNameRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { AdminVariable, CompanyVariable };

type VariableValue = BodyOf<typeof setCompanyVariableValueRoute>['VariableValue'];

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    companyVariables: build.query<CompanyVariable[], void>({
      ...dataQuery(listCompanyVariablesRoute)(),
      providesTags: (res) => [...(res ?? []).map((v) => ({ type: 'CompanyVariable' as const, id: v.Id })), { type: 'CompanyVariable', id: LIST }],
    }),
    saveCompanyVariable: build.mutation<AnswerOf<typeof saveCompanyVariableRoute>, BodyOf<typeof saveCompanyVariableRoute>>({
      query: (body) => requestFor(saveCompanyVariableRoute, { body }),
      invalidatesTags: [{ type: 'CompanyVariable', id: LIST }],
    }),
    setCompanyVariableValue: build.mutation<AnswerOf<typeof setCompanyVariableValueRoute>, { variableId: string; value: VariableValue }>({
      query: ({ variableId, value }) => requestFor(setCompanyVariableValueRoute, { params: { variableId }, body: { VariableValue: value } }),
      invalidatesTags: (_r, _e, { variableId }) => [
        { type: 'CompanyVariable', id: variableId },
        { type: 'CompanyVariable', id: LIST },
      ],
    }),
    deleteCompanyVariable: build.mutation<AnswerOf<typeof deleteCompanyVariableRoute>, string>({
      query: (variableId) => requestFor(deleteCompanyVariableRoute, { params: { variableId } }),
      invalidatesTags: [{ type: 'CompanyVariable', id: LIST }],
    }),
    adminVariables: build.query<AdminVariable[], void>({
      ...dataQuery(listAdminVariablesRoute)(),
      providesTags: (res) => [...(res ?? []).map((v) => ({ type: 'AdminVariable' as const, id: v.Id })), { type: 'AdminVariable', id: LIST }],
    }),
    saveAdminVariable: build.mutation<AnswerOf<typeof saveAdminVariableRoute>, BodyOf<typeof saveAdminVariableRoute>>({
      query: (body) => requestFor(saveAdminVariableRoute, { body }),
      invalidatesTags: [{ type: 'AdminVariable', id: LIST }],
    }),
    setAdminVariableValue: build.mutation<AnswerOf<typeof setAdminVariableValueRoute>, { variableId: string; value: VariableValue }>({
      query: ({ variableId, value }) => requestFor(setAdminVariableValueRoute, { params: { variableId }, body: { VariableValue: value } }),
      invalidatesTags: (_r, _e, { variableId }) => [
        { type: 'AdminVariable', id: variableId },
        { type: 'AdminVariable', id: LIST },
      ],
    }),
    deleteAdminVariable: build.mutation<AnswerOf<typeof deleteAdminVariableRoute>, string>({
      query: (variableId) => requestFor(deleteAdminVariableRoute, { params: { variableId } }),
      invalidatesTags: [{ type: 'AdminVariable', id: LIST }],
    }),
    companyName: build.query<DataOf<typeof getCompanyNameRoute>, void>({
      ...dataQuery(getCompanyNameRoute)(),
      providesTags: ['CompanyName'],
    }),
    updateCompanyName: build.mutation<AnswerOf<typeof updateCompanyNameRoute>, string>({
      query: (CompanyName) => requestFor(updateCompanyNameRoute, { body: { CompanyName } }),
      invalidatesTags: ['CompanyName'],
    }),
  }),
});

export const {
  useCompanyVariablesQuery,
  useSaveCompanyVariableMutation,
  useSetCompanyVariableValueMutation,
  useDeleteCompanyVariableMutation,
  useAdminVariablesQuery,
  useSaveAdminVariableMutation,
  useSetAdminVariableValueMutation,
  useDeleteAdminVariableMutation,
  useCompanyNameQuery,
  useUpdateCompanyNameMutation,
} = settingsApi;
