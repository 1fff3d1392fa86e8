import type { z } from 'zod';
import {
  companiesDropdownRoute,
  createCompanyAdminRoute,
  createCompanyRoute,
  deactivateCompanyRoute,
  activateCompanyRoute,
  deleteCompanyAdminRoute,
  deleteCompanyRoute,
  exitCompanyViewRoute,
  listCompaniesRoute,
  listCompanyAdminsRoute,
  listCompanyUsersRoute,
  switchCompanyRoute,
  updateCompanyAdminRoute,
  updateCompanyRoute,
  type CompanyRow,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@locus/contracts/companies/routes';
import {
  listCompanyVariablesAdminLevelRoute,
  updateCompanyVariableAdminLevelRoute,
  type AdminLevelUpdateBody,
  type CompanyVariable,
} from '@locus/contracts/settings/routes';
import type { CreateCompanyAdminBody, UpdateUserBody, UserRow } from '@locus/contracts/users/dto';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { CompanyRow, CompanyVariable, UserRow };

interface Paged<T> {
  Success: true;
  Data: T[];
  TotalRecords: number;
  Page: number;
  PageSize: number;
}
interface CommandAnswer {
  Success: true;
  ResponseMessage: string;
  Data?: { Id: string };
}
interface TokenAnswer {
  Success: true;
  Token: string;
  ResponseMessage: string;
}
export type DropdownCompany = z.infer<typeof companiesDropdownRoute.response>['Data'][number];
export interface PageQuery {
  search?: string;
  /** 1-based, as the API takes it. */
  page: number;
  pageSize: number;
}

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<Paged<CompanyRow>, PageQuery>({
      query: (q) => requestFor(listCompaniesRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((c) => ({ type: 'Company' as const, id: c.Id })), { type: 'Company', id: LIST }],
    }),
    companiesDropdown: build.query<DropdownCompany[], void>({
      query: () => requestFor(companiesDropdownRoute),
      transformResponse: (res: { Data: DropdownCompany[] }) => res.Data ?? [],
      providesTags: [{ type: 'CompanyDropdown', id: LIST }, { type: 'Company', id: LIST }],
    }),
    createCompany: build.mutation<CommandAnswer, CreateCompanyBody>({
      query: (body) => requestFor(createCompanyRoute, { body }),
      invalidatesTags: [{ type: 'Company', id: LIST }, { type: 'CompanyDropdown', id: LIST }],
    }),
    updateCompany: build.mutation<CommandAnswer, { companyId: string; body: UpdateCompanyBody }>({
      query: ({ companyId, body }) => requestFor(updateCompanyRoute, { params: { companyId }, body }),
      invalidatesTags: (_r, _e, { companyId }) => [
        { type: 'Company', id: companyId },
        { type: 'Company', id: LIST },
        { type: 'CompanyDropdown', id: LIST },
        { type: 'CompanyAdmin', id: LIST },
      ],
    }),
    setCompanyActive: build.mutation<CommandAnswer, { companyId: string; active: boolean }>({
      query: ({ companyId, active }) => requestFor(active ? activateCompanyRoute : deactivateCompanyRoute, { params: { companyId } }),
      invalidatesTags: (_r, _e, { companyId }) => [
        { type: 'Company', id: companyId },
        { type: 'Company', id: LIST },
        { type: 'CompanyDropdown', id: LIST },
      ],
    }),
    deleteCompany: build.mutation<CommandAnswer, string>({
      query: (companyId) => requestFor(deleteCompanyRoute, { params: { companyId } }),
      invalidatesTags: [{ type: 'Company', id: LIST }, { type: 'CompanyDropdown', id: LIST }],
    }),
    companyAdmins: build.query<Paged<UserRow>, PageQuery & { companyId: string }>({
      query: ({ companyId, ...q }) => requestFor(listCompanyAdminsRoute, { params: { companyId }, query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'CompanyAdmin' as const, id: u.Id })), { type: 'CompanyAdmin', id: LIST }],
    }),
    companyUsers: build.query<Paged<UserRow>, PageQuery & { companyId: string }>({
      query: ({ companyId, ...q }) => requestFor(listCompanyUsersRoute, { params: { companyId }, query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'User' as const, id: u.Id })), { type: 'User', id: LIST }],
    }),
    createCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; body: CreateCompanyAdminBody }>({
      query: ({ companyId, body }) => requestFor(createCompanyAdminRoute, { params: { companyId }, body }),
      invalidatesTags: [{ type: 'CompanyAdmin', id: LIST }, { type: 'User', id: LIST }],
    }),
    updateCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; adminId: string; body: UpdateUserBody }>({
      query: ({ companyId, adminId, body }) => requestFor(updateCompanyAdminRoute, { params: { companyId, adminId }, body }),
      invalidatesTags: (_r, _e, { adminId }) => [
        { type: 'CompanyAdmin', id: adminId },
        { type: 'CompanyAdmin', id: LIST },
        { type: 'Company', id: LIST },
      ],
    }),
    deleteCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; adminId: string }>({
      query: ({ companyId, adminId }) => requestFor(deleteCompanyAdminRoute, { params: { companyId, adminId } }),
      invalidatesTags: [{ type: 'CompanyAdmin', id: LIST }, { type: 'User', id: LIST }],
    }),
    switchCompany: build.mutation<TokenAnswer, { companyId: string; companyAdminId?: string | null }>({
      query: ({ companyId, companyAdminId }) =>
        requestFor(switchCompanyRoute, { params: { companyId }, body: companyAdminId ? { CompanyAdminId: companyAdminId } : {} }),
    }),
    exitCompanyView: build.mutation<TokenAnswer, void>({
      query: () => requestFor(exitCompanyViewRoute),
    }),
    adminLevelVariables: build.query<CompanyVariable[], string>({
      query: (companyId) => requestFor(listCompanyVariablesAdminLevelRoute, { params: { companyId } }),
      transformResponse: (res: { Data: CompanyVariable[] }) => res.Data ?? [],
      providesTags: (res, _e, companyId) => [
        ...(res ?? []).map((v) => ({ type: 'AdminLevelVariable' as const, id: `${companyId}:${v.Id}` })),
        { type: 'AdminLevelVariable', id: LIST },
      ],
    }),
    updateAdminLevelVariable: build.mutation<CommandAnswer, { companyId: string; variableId: string; body: AdminLevelUpdateBody }>({
      query: ({ companyId, variableId, body }) => requestFor(updateCompanyVariableAdminLevelRoute, { params: { companyId, variableId }, body }),
      invalidatesTags: [{ type: 'AdminLevelVariable', id: LIST }, { type: 'CompanyVariable', id: LIST }],
    }),
  }),
});

export const {
  useCompaniesQuery,
  useCompaniesDropdownQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useSetCompanyActiveMutation,
  useDeleteCompanyMutation,
  useCompanyAdminsQuery,
  useCompanyUsersQuery,
  useCreateCompanyAdminMutation,
  useUpdateCompanyAdminMutation,
  useDeleteCompanyAdminMutation,
  useSwitchCompanyMutation,
  useExitCompanyViewMutation,
  useAdminLevelVariablesQuery,
  useUpdateAdminLevelVariableMutation,
} = companiesApi;
