import {
  activateUserRoute,
  azureAddToAgencyRoute,
  azureCallbackRoute,
  azureConnectRoute,
  type AzureDirectoryUser,
  azureUsersRoute,
  createCompanyAdminUserRoute,
  createUserRoute,
  deactivateUserRoute,
  deleteUserRoute,
  getAzureCredentialsRoute,
  inviteUserRoute,
  listUsersRoute,
  saveAzureCredentialsRoute,
  updateUserRoute,
  type UserRow,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type QueryOf } from '@web/shared/lib/api-path';

export type { AzureDirectoryUser, UserRow };

export type AzureCredentialsView = DataOf<typeof getAzureCredentialsRoute>;
export type AzureConnectAnswer = AnswerOf<typeof azureConnectRoute>;
type CommandAnswer = AnswerOf<typeof createUserRoute>;

const userListTags = [{ type: 'User' as const, id: LIST }];

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<AnswerOf<typeof listUsersRoute>, QueryOf<typeof listUsersRoute>>({
      query: (q) => requestFor(listUsersRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((u) => ({ type: 'User' as const, id: u.Id })), { type: 'User', id: LIST }],
    }),
    createUser: build.mutation<CommandAnswer, BodyOf<typeof createUserRoute>>({
      query: (body) => requestFor(createUserRoute, { body }),
      invalidatesTags: userListTags,
    }),
    createCompanyAdminUser: build.mutation<AnswerOf<typeof createCompanyAdminUserRoute>, BodyOf<typeof createCompanyAdminUserRoute>>({
      query: (body) => requestFor(createCompanyAdminUserRoute, { body }),
      invalidatesTags: [...userListTags, { type: 'CompanyAdmin', id: LIST }],
    }),
    updateUser: build.mutation<AnswerOf<typeof updateUserRoute>, { userId: string; body: BodyOf<typeof updateUserRoute> }>({
      query: ({ userId, body }) => requestFor(updateUserRoute, { params: { userId }, body }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }, ...userListTags],
    }),
    setUserActive: build.mutation<AnswerOf<typeof activateUserRoute>, { userId: string; active: boolean }>({
      query: ({ userId, active }) => requestFor(active ? activateUserRoute : deactivateUserRoute, { params: { userId } }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }, ...userListTags],
    }),
    inviteUser: build.mutation<AnswerOf<typeof inviteUserRoute>, string>({
      query: (userId) => requestFor(inviteUserRoute, { params: { userId } }),
    }),
    deleteUser: build.mutation<AnswerOf<typeof deleteUserRoute>, string>({
      query: (userId) => requestFor(deleteUserRoute, { params: { userId } }),
      invalidatesTags: userListTags,
    }),
    azureCredentials: build.query<AzureCredentialsView, void>({
      ...dataQuery(getAzureCredentialsRoute)(),
      providesTags: ['AzureCredentials'],
    }),
    saveAzureCredentials: build.mutation<AnswerOf<typeof saveAzureCredentialsRoute>, BodyOf<typeof saveAzureCredentialsRoute>>({
      query: (body) => requestFor(saveAzureCredentialsRoute, { body }),
      invalidatesTags: ['AzureCredentials'],
    }),
    azureConnect: build.mutation<AzureConnectAnswer, void>({
      query: () => requestFor(azureConnectRoute),
    }),
    azureCallback: build.mutation<AnswerOf<typeof azureCallbackRoute>, BodyOf<typeof azureCallbackRoute>>({
      query: (body) => requestFor(azureCallbackRoute, { body }),
      invalidatesTags: ['AzureCredentials', { type: 'AzureUser', id: LIST }],
    }),
    azureUsers: build.query<AzureDirectoryUser[], void>({
      query: () => requestFor(azureUsersRoute),
      transformResponse: (res: AnswerOf<typeof azureUsersRoute>) => res.ResponseData.filter((u) => !u.isConnected),
      providesTags: (res) => [...(res ?? []).map((u) => ({ type: 'AzureUser' as const, id: u.id })), { type: 'AzureUser', id: LIST }],
    }),
    addToAgency: build.mutation<AnswerOf<typeof azureAddToAgencyRoute>, BodyOf<typeof azureAddToAgencyRoute>>({
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
  useInviteUserMutation,
  useAzureCredentialsQuery,
  useLazyAzureCredentialsQuery,
  useSaveAzureCredentialsMutation,
  useAzureConnectMutation,
  useAzureCallbackMutation,
  useAzureUsersQuery,
  useAddToAgencyMutation,
} = usersApi;
