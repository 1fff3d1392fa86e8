import {
  deleteAdminVariableRoute,
  deleteCompanyVariableRoute,
  listAdminVariablesRoute,
  listCompanyVariablesRoute,
  revealCompanyVariableRoute,
  saveAdminVariableRoute,
  saveCompanyVariableRoute,
  setAdminVariableValueRoute,
  setCompanyVariableValueRoute,
  type AdminVariable,
  type CompanyVariable,
  type SaveAdminVariableBody,
  type SaveCompanyVariableBody,
} from '@locus/contracts/settings/routes';
import { getCompanyNameRoute, updateCompanyNameRoute } from '@locus/contracts/companies/routes';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { AdminVariable, CompanyVariable };

interface Answer {
  Success: true;
  ResponseMessage?: string;
}
type VariableValue = string | boolean | null;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    companyVariables: build.query<CompanyVariable[], void>({
      query: () => requestFor(listCompanyVariablesRoute),
      transformResponse: (res: { Data: CompanyVariable[] }) => res.Data ?? [],
      providesTags: (res) => [...(res ?? []).map((v) => ({ type: 'CompanyVariable' as const, id: v.Id })), { type: 'CompanyVariable', id: LIST }],
    }),
    saveCompanyVariable: build.mutation<Answer, SaveCompanyVariableBody>({
      query: (body) => requestFor(saveCompanyVariableRoute, { body }),
      invalidatesTags: [{ type: 'CompanyVariable', id: LIST }],
    }),
    setCompanyVariableValue: build.mutation<Answer, { variableId: string; value: VariableValue }>({
      query: ({ variableId, value }) => requestFor(setCompanyVariableValueRoute, { params: { variableId }, body: { VariableValue: value } }),
      invalidatesTags: (_r, _e, { variableId }) => [{ type: 'CompanyVariable', id: variableId }, { type: 'CompanyVariable', id: LIST }],
    }),
    deleteCompanyVariable: build.mutation<Answer, string>({
      query: (variableId) => requestFor(deleteCompanyVariableRoute, { params: { variableId } }),
      invalidatesTags: [{ type: 'CompanyVariable', id: LIST }],
    }),
    revealCompanyVariable: build.query<string | null, string>({
      query: (variableId) => requestFor(revealCompanyVariableRoute, { params: { variableId } }),
      transformResponse: (res: { Data: { VariableValue: string | null } }) => res.Data?.VariableValue ?? null,
      keepUnusedDataFor: 0,
    }),
    adminVariables: build.query<AdminVariable[], void>({
      query: () => requestFor(listAdminVariablesRoute),
      transformResponse: (res: { Data: AdminVariable[] }) => res.Data ?? [],
      providesTags: (res) => [...(res ?? []).map((v) => ({ type: 'AdminVariable' as const, id: v.Id })), { type: 'AdminVariable', id: LIST }],
    }),
    saveAdminVariable: build.mutation<Answer, SaveAdminVariableBody>({
      query: (body) => requestFor(saveAdminVariableRoute, { body }),
      invalidatesTags: [{ type: 'AdminVariable', id: LIST }],
    }),
    setAdminVariableValue: build.mutation<Answer, { variableId: string; value: VariableValue }>({
      query: ({ variableId, value }) => requestFor(setAdminVariableValueRoute, { params: { variableId }, body: { VariableValue: value } }),
      invalidatesTags: (_r, _e, { variableId }) => [{ type: 'AdminVariable', id: variableId }, { type: 'AdminVariable', id: LIST }],
    }),
    deleteAdminVariable: build.mutation<Answer, string>({
      query: (variableId) => requestFor(deleteAdminVariableRoute, { params: { variableId } }),
      invalidatesTags: [{ type: 'AdminVariable', id: LIST }],
    }),
    companyName: build.query<{ Id: string; CompanyName: string | null }, void>({
      query: () => requestFor(getCompanyNameRoute),
      transformResponse: (res: { Data: { Id: string; CompanyName: string | null } }) => res.Data,
      providesTags: ['CompanyName'],
    }),
    updateCompanyName: build.mutation<Answer, string>({
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
  useLazyRevealCompanyVariableQuery,
  useAdminVariablesQuery,
  useSaveAdminVariableMutation,
  useSetAdminVariableValueMutation,
  useDeleteAdminVariableMutation,
  useCompanyNameQuery,
  useUpdateCompanyNameMutation,
} = settingsApi;
