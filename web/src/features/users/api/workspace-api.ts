import {
  googleWorkspaceAddUserRoute,
  googleWorkspaceCallbackRoute,
  googleWorkspaceConnectRoute,
  googleWorkspaceDirectoryUsersRoute,
  googleWorkspaceDisconnectRoute,
  type GoogleDirectoryUser,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { GoogleDirectoryUser };

interface Answer {
  Success: true;
  ResponseMessage: string;
}
const directoryTag = { type: 'User' as const, id: 'google-workspace-directory' };

/** Google Workspace directory import: consent, the directory's users, Add to Agency. */
const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    workspaceConnect: build.mutation<{ CanConnect: boolean; RedirectUrl: string | null; ErrorMessage: string | null }, void>({
      query: () => requestFor(googleWorkspaceConnectRoute),
    }),
    workspaceCallback: build.mutation<Answer, { Code: string; State: string }>({
      query: (body) => requestFor(googleWorkspaceCallbackRoute, { body }),
      invalidatesTags: [directoryTag],
    }),
    workspaceDisconnect: build.mutation<Answer, void>({
      query: () => requestFor(googleWorkspaceDisconnectRoute),
      invalidatesTags: [directoryTag],
    }),
    workspaceUsers: build.query<GoogleDirectoryUser[], void>({
      query: () => requestFor(googleWorkspaceDirectoryUsersRoute),
      transformResponse: (res: { ResponseData: GoogleDirectoryUser[] }) => res.ResponseData ?? [],
      providesTags: [directoryTag],
    }),
    workspaceAddToAgency: build.mutation<Answer, { Id: string }>({
      query: (body) => requestFor(googleWorkspaceAddUserRoute, { body }),
      invalidatesTags: [directoryTag, { type: 'User', id: LIST }],
    }),
  }),
});

export const {
  useWorkspaceConnectMutation,
  useWorkspaceCallbackMutation,
  useWorkspaceUsersQuery,
  useLazyWorkspaceUsersQuery,
  useWorkspaceAddToAgencyMutation,
  useWorkspaceDisconnectMutation,
} = workspaceApi;
