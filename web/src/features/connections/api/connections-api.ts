import {
  connectAccountsRoute,
  type ConnectedAccount,
  connectionProcessRoute,
  connectTokenUrlRoute,
  disconnectAccountRoute,
  getCompanyNameRoute,
  getConnectedAccountRoute,
  listConnectedAccountsRoute,
  refreshTokenRoute,
  updateCompanyNameRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type QueryOf } from '@web/shared/lib/api-path';

export type { ConnectedAccount };
export type ConnectionProcess = DataOf<typeof connectionProcessRoute>;

const connectionList = { type: 'Connection' as const, id: LIST };
/** A process document's live changes carry its id (the process id). */
const processTag = (processId: string) => ({ type: 'Connection' as const, id: processId });

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Connect Account: Google's consent URL (spec part 2 §7 Get token url). */
    connectTokenUrl: build.mutation<AnswerOf<typeof connectTokenUrlRoute>, void>({
      query: () => requestFor(connectTokenUrlRoute),
    }),
    connectedAccounts: build.query<AnswerOf<typeof listConnectedAccountsRoute>, QueryOf<typeof listConnectedAccountsRoute>>({
      query: (q) => requestFor(listConnectedAccountsRoute, { query: { ...q } }),
      providesTags: (res) => [...(res?.Data ?? []).map((a) => ({ type: 'Connection' as const, id: a.Id })), connectionList],
    }),
    connectedAccount: build.query<ConnectedAccount, string>({
      ...dataQuery(getConnectedAccountRoute)((id) => ({ params: { id } })),
      providesTags: (res, _e, id) => [{ type: 'Connection', id: res?.Id ?? id }],
    }),
    /** The accounts Google returned for this connection, and the import's progress. */
    connectionProcess: build.query<ConnectionProcess, string>({
      ...dataQuery(connectionProcessRoute)((processId) => ({ params: { processId } })),
      // progress arrives as live notifications; this is read again only after a reconnect (missed ones)
      providesTags: (_r, _e, processId) => [processTag(processId)],
    }),
    connectAccounts: build.mutation<AnswerOf<typeof connectAccountsRoute>, { processId: string } & BodyOf<typeof connectAccountsRoute>>({
      query: ({ processId, SelectedAccounts }) => requestFor(connectAccountsRoute, { params: { processId }, body: { SelectedAccounts } }),
      invalidatesTags: (_r, _e, { processId }) => [processTag(processId), connectionList],
    }),
    disconnectAccount: build.mutation<AnswerOf<typeof disconnectAccountRoute>, string>({
      query: (name) => requestFor(disconnectAccountRoute, { params: { name } }),
      invalidatesTags: [connectionList, { type: 'Location', id: LIST }],
    }),
    /** New-company flow: the company made at sign-up is named first. */
    connectionCompanyName: build.query<DataOf<typeof getCompanyNameRoute>, void>({
      ...dataQuery(getCompanyNameRoute)(),
      providesTags: ['CompanyName'],
    }),
    nameNewCompany: build.mutation<AnswerOf<typeof updateCompanyNameRoute>, BodyOf<typeof updateCompanyNameRoute>>({
      query: (body) => requestFor(updateCompanyNameRoute, { body }),
      invalidatesTags: ['CompanyName', 'Company', 'CompanyDropdown'],
    }),
    /** A token carrying the new company name (the top bar reads it from the token). */
    freshToken: build.mutation<AnswerOf<typeof refreshTokenRoute>, void>({
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
