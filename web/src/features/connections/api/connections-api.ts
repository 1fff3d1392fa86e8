import type { z } from 'zod';
import {
  connectAccountsRoute,
  connectionProcessRoute,
  connectTokenUrlRoute,
  disconnectAccountRoute,
  getConnectedAccountRoute,
  listConnectedAccountsRoute,
  type ConnectedAccount,
  type ConnectionProcessSchema,
  type TokenUrlResponse,
} from '@locus/contracts/connections/routes';
import { getCompanyNameRoute, updateCompanyNameRoute } from '@locus/contracts/companies/routes';
import { refreshTokenRoute } from '@locus/contracts/identity/routes';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { ConnectedAccount };
export type ConnectionProcess = z.infer<typeof ConnectionProcessSchema>;

interface Paged<T> {
  Success: true;
  Data: T[];
  TotalRecords: number;
  Page: number;
  PageSize: number;
}
interface MessageAnswer {
  Success: true;
  ResponseMessage: string;
}

const connectionList = { type: 'Connection' as const, id: LIST };
/** A process document's live changes carry its id (the process id). */
const processTag = (processId: string) => ({ type: 'Connection' as const, id: processId });

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Connect Account: Google's consent URL (spec part 2 §7 Get token url). */
    connectTokenUrl: build.mutation<TokenUrlResponse, void>({
      query: () => requestFor(connectTokenUrlRoute),
    }),
    connectedAccounts: build.query<Paged<ConnectedAccount>, { page: number; pageSize: number }>({
      query: (q) => requestFor(listConnectedAccountsRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((a) => ({ type: 'Connection' as const, id: a.Id })), connectionList],
    }),
    connectedAccount: build.query<ConnectedAccount, string>({
      query: (id) => requestFor(getConnectedAccountRoute, { params: { id } }),
      transformResponse: (res: { Data: ConnectedAccount }) => res.Data,
      providesTags: (res, _e, id) => [{ type: 'Connection', id: res?.Id ?? id }],
    }),
    /** The accounts Google returned for this connection, and the import's progress. */
    connectionProcess: build.query<ConnectionProcess, string>({
      query: (processId) => requestFor(connectionProcessRoute, { params: { processId } }),
      transformResponse: (res: { Data: ConnectionProcess }) => res.Data,
      // refetched when the process document changes (a fallback for missed progress notifications)
      providesTags: (_r, _e, processId) => [processTag(processId)],
    }),
    connectAccounts: build.mutation<MessageAnswer & { Data: { ProcessId: string; ConnectionIds: string[] } }, { processId: string; SelectedAccounts: string[] }>({
      query: ({ processId, SelectedAccounts }) => requestFor(connectAccountsRoute, { params: { processId }, body: { SelectedAccounts } }),
      invalidatesTags: (_r, _e, { processId }) => [processTag(processId), connectionList],
    }),
    disconnectAccount: build.mutation<MessageAnswer, string>({
      query: (name) => requestFor(disconnectAccountRoute, { params: { name } }),
      invalidatesTags: [connectionList, { type: 'Location', id: LIST }],
    }),
    /** New-company flow: the company made at sign-up is named first. */
    connectionCompanyName: build.query<{ Id: string; CompanyName: string | null }, void>({
      query: () => requestFor(getCompanyNameRoute),
      transformResponse: (res: { Data: { Id: string; CompanyName: string | null } }) => res.Data,
      providesTags: ['CompanyName'],
    }),
    nameNewCompany: build.mutation<MessageAnswer, { CompanyName: string }>({
      query: (body) => requestFor(updateCompanyNameRoute, { body }),
      invalidatesTags: ['CompanyName', 'Company', 'CompanyDropdown'],
    }),
    /** A token carrying the new company name (the top bar reads it from the token). */
    freshToken: build.mutation<{ Success: true; Token: string }, void>({
      query: () => requestFor(refreshTokenRoute),
    }),
  }),
});

export const {
  useConnectTokenUrlMutation,
  useConnectedAccountsQuery,
  useConnectedAccountQuery,
  useConnectionProcessQuery,
  useConnectAccountsMutation,
  useDisconnectAccountMutation,
  useConnectionCompanyNameQuery,
  useNameNewCompanyMutation,
  useFreshTokenMutation,
} = connectionsApi;
