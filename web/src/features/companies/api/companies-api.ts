import {
  activateCompanyRoute,
  companiesDropdownRoute,
  type CompanyRow,
  type CompanyVariable,
  createCompanyAdminRoute,
  createCompanyRoute,
  deactivateCompanyRoute,
  deleteCompanyAdminRoute,
  deleteCompanyRoute,
  exitCompanyViewRoute,
  getCompanyNameRoute,
  listCompaniesRoute,
  listCompanyAdminsRoute,
  listCompanyUsersRoute,
  listCompanyVariablesAdminLevelRoute,
  switchCompanyRoute,
  updateCompanyAdminRoute,
  updateCompanyRoute,
  updateCompanyVariableAdminLevelRoute,
  type UserRow,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type QueryOf } from '@web/shared/lib/api-path';

export type { CompanyRow, CompanyVariable, UserRow };

export type DropdownCompany = DataOf<typeof companiesDropdownRoute>[number];
export type PageQuery = QueryOf<typeof listCompaniesRoute>;
type CommandAnswer = AnswerOf<typeof createCompanyRoute>;
type TokenAnswer = AnswerOf<typeof switchCompanyRoute>;

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<AnswerOf<typeof listCompaniesRoute>, PageQuery>({
      query: (q) => requestFor(listCompaniesRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((c) => ({ type: 'Company' as const, id: c.Id })), { type: 'Company', id: LIST }],
    }),
    companiesDropdown: build.query<DropdownCompany[], void>({
      ...dataQuery(companiesDropdownRoute)(),
      providesTags: [
        { type: 'CompanyDropdown', id: LIST },
        { type: 'Company', id: LIST },
      ],
    }),
    createCompany: build.mutation<CommandAnswer, BodyOf<typeof createCompanyRoute>>({
      query: (body) => requestFor(createCompanyRoute, { body }),
      invalidatesTags: [
        { type: 'Company', id: LIST },
        { type: 'CompanyDropdown', id: LIST },
      ],
    }),
    updateCompany: build.mutation<CommandAnswer, { companyId: string; body: BodyOf<typeof updateCompanyRoute> }>({
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
      invalidatesTags: [
        { type: 'Company', id: LIST },
        { type: 'CompanyDropdown', id: LIST },
      ],
    }),
    companyAdmins: build.query<AnswerOf<typeof listCompanyAdminsRoute>, PageQuery & { companyId: string }>({
      query: ({ companyId, ...q }) => requestFor(listCompanyAdminsRoute, { params: { companyId }, query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'CompanyAdmin' as const, id: u.Id })), { type: 'CompanyAdmin', id: LIST }],
    }),
    companyUsers: build.query<AnswerOf<typeof listCompanyUsersRoute>, PageQuery & { companyId: string }>({
      query: ({ companyId, ...q }) => requestFor(listCompanyUsersRoute, { params: { companyId }, query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'User' as const, id: u.Id })), { type: 'User', id: LIST }],
    }),
    createCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; body: BodyOf<typeof createCompanyAdminRoute> }>({
      query: ({ companyId, body }) => requestFor(createCompanyAdminRoute, { params: { companyId }, body }),
      invalidatesTags: [
        { type: 'CompanyAdmin', id: LIST },
        { type: 'User', id: LIST },
      ],
    }),
    updateCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; adminId: string; body: BodyOf<typeof updateCompanyAdminRoute> }>({
      query: ({ companyId, adminId, body }) => requestFor(updateCompanyAdminRoute, { params: { companyId, adminId }, body }),
      invalidatesTags: (_r, _e, { adminId }) => [
        { type: 'CompanyAdmin', id: adminId },
        { type: 'CompanyAdmin', id: LIST },
        { type: 'Company', id: LIST },
      ],
    }),
    deleteCompanyAdmin: build.mutation<CommandAnswer, { companyId: string; adminId: string }>({
      query: ({ companyId, adminId }) => requestFor(deleteCompanyAdminRoute, { params: { companyId, adminId } }),
      invalidatesTags: [
        { type: 'CompanyAdmin', id: LIST },
        { type: 'User', id: LIST },
      ],
    }),
    switchCompany: build.mutation<TokenAnswer, { companyId: string; companyAdminId?: string | null }>({
      query: ({ companyId, companyAdminId }) =>
        requestFor(switchCompanyRoute, { params: { companyId }, body: companyAdminId ? { CompanyAdminId: companyAdminId } : {} }),
    }),
    exitCompanyView: build.mutation<TokenAnswer, void>({
      query: () => requestFor(exitCompanyViewRoute),
    }),
    /** The signed-in member's company name from the read model; a rename anywhere refreshes it live. */
    currentCompanyName: build.query<string | null, void>({
      ...dataQuery(getCompanyNameRoute)(undefined, (data) => data.CompanyName),
      providesTags: ['CompanyName'],
    }),
    adminLevelVariables: build.query<CompanyVariable[], string>({
      ...dataQuery(listCompanyVariablesAdminLevelRoute)((companyId) => ({ params: { companyId } })),
      providesTags: (res, _e, companyId) => [
        ...(res ?? []).map((v) => ({ type: 'AdminLevelVariable' as const, id: `${companyId}:${v.Id}` })),
        { type: 'AdminLevelVariable', id: LIST },
      ],
    }),
    updateAdminLevelVariable: build.mutation<
      CommandAnswer,
      { companyId: string; variableId: string; body: BodyOf<typeof updateCompanyVariableAdminLevelRoute> }
    >({
      query: ({ companyId, variableId, body }) => requestFor(updateCompanyVariableAdminLevelRoute, { params: { companyId, variableId }, body }),
      invalidatesTags: [
        { type: 'AdminLevelVariable', id: LIST },
        { type: 'CompanyVariable', id: LIST },
      ],
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
  useCurrentCompanyNameQuery,
  useAdminLevelVariablesQuery,
  useUpdateAdminLevelVariableMutation,
} = companiesApi;
