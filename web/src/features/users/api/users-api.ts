import {
  activateUserRoute,
  createCompanyAdminUserRoute,
  createUserRoute,
  deactivateUserRoute,
  deleteUserRoute,
  listUsersRoute,
  updateUserRoute,
} from '@locus/contracts/users/routes';
import type { CreateCompanyAdminBody, CreateUserBody, UpdateUserBody, UserRow } from '@locus/contracts/users/dto';
import {
  azureAddToAgencyRoute,
  azureCallbackRoute,
  azureConnectRoute,
  azureUsersRoute,
  getAzureCredentialsRoute,
  saveAzureCredentialsRoute,
  type AddToAgencyBody,
  type AzureCallbackBody,
  type AzureCredentialsBody,
  type AzureDirectoryUser,
} from '@locus/contracts/azure/routes';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { AzureDirectoryUser, UserRow };

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
  Data?: { Id?: string; UserId?: string };
}
export interface AzureCredentialsView {
  AzureClientId: string | null;
  AzureTenantId: string | null;
  HasAzureClientSecret: boolean;
  IsConnected: boolean;
  ConnectedAt: string | null;
}
export interface AzureConnectAnswer {
  Success: true;
  CanConnect: boolean;
  HasAzureCredentials: boolean;
  RedirectUrl: string | null;
  ErrorMessage: string | null;
}

const userListTags = [{ type: 'User' as const, id: LIST }];

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<Paged<UserRow>, { search?: string; page: number; pageSize: number }>({
      query: (q) => requestFor(listUsersRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'User' as const, id: u.Id })), { type: 'User', id: LIST }],
    }),
    createUser: build.mutation<CommandAnswer, CreateUserBody>({
      query: (body) => requestFor(createUserRoute, { body }),
      invalidatesTags: userListTags,
    }),
    createCompanyAdminUser: build.mutation<CommandAnswer, CreateCompanyAdminBody>({
      query: (body) => requestFor(createCompanyAdminUserRoute, { body }),
      invalidatesTags: [...userListTags, { type: 'CompanyAdmin', id: LIST }],
    }),
    updateUser: build.mutation<CommandAnswer, { userId: string; body: UpdateUserBody }>({
      query: ({ userId, body }) => requestFor(updateUserRoute, { params: { userId }, body }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }, ...userListTags],
    }),
    setUserActive: build.mutation<CommandAnswer, { userId: string; active: boolean }>({
      query: ({ userId, active }) => requestFor(active ? activateUserRoute : deactivateUserRoute, { params: { userId } }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }, ...userListTags],
    }),
    deleteUser: build.mutation<CommandAnswer, string>({
      query: (userId) => requestFor(deleteUserRoute, { params: { userId } }),
      invalidatesTags: userListTags,
    }),
    azureCredentials: build.query<AzureCredentialsView, void>({
      query: () => requestFor(getAzureCredentialsRoute),
      transformResponse: (res: { Data: AzureCredentialsView }) => res.Data,
      providesTags: ['AzureCredentials'],
    }),
    saveAzureCredentials: build.mutation<CommandAnswer, AzureCredentialsBody>({
      query: (body) => requestFor(saveAzureCredentialsRoute, { body }),
      invalidatesTags: ['AzureCredentials'],
    }),
    azureConnect: build.mutation<AzureConnectAnswer, void>({
      query: () => requestFor(azureConnectRoute),
    }),
    azureCallback: build.mutation<CommandAnswer, AzureCallbackBody>({
      query: (body) => requestFor(azureCallbackRoute, { body }),
      invalidatesTags: ['AzureCredentials', { type: 'AzureUser', id: LIST }],
    }),
    azureUsers: build.query<AzureDirectoryUser[], void>({
      query: () => requestFor(azureUsersRoute),
      transformResponse: (res: { ResponseData: AzureDirectoryUser[] }) => (res.ResponseData ?? []).filter((u) => !u.isConnected),
      providesTags: (res) => [...(res ?? []).map((u) => ({ type: 'AzureUser' as const, id: u.id })), { type: 'AzureUser', id: LIST }],
    }),
    addToAgency: build.mutation<CommandAnswer, AddToAgencyBody>({
      query: (body) => requestFor(azureAddToAgencyRoute, { body }),
      invalidatesTags: [{ type: 'AzureUser', id: LIST }, ...userListTags],
    }),
  }),
});

export const {
  useUsersQuery,
  useCreateUserMutation,
  useCreateCompanyAdminUserMutation,
  useUpdateUserMutation,
  useSetUserActiveMutation,
  useDeleteUserMutation,
  useAzureCredentialsQuery,
  useLazyAzureCredentialsQuery,
  useSaveAzureCredentialsMutation,
  useAzureConnectMutation,
  useAzureCallbackMutation,
  useAzureUsersQuery,
  useAddToAgencyMutation,
} = usersApi;
