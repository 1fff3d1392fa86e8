import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { CONNECTIONS_PAGE_SIZE, connectionMessages as m } from './messages';
import { pageQueryFields, searchQueryField } from '../routes/paging';

/** Spec part 2 §7 "Get token url". RedirectUrl: Google's consent page (business.manage, offline, signed state). */
export const TokenUrlResponseSchema = z.object({
  Success: z.boolean(),
  CanConnect: z.boolean(),
  HasGMBCredentials: z.boolean(),
  ErrorMessage: z.string().nullable(),
  RedirectUrl: z.string().nullable(),
});
export type TokenUrlResponse = z.infer<typeof TokenUrlResponseSchema>;

export const AuthCallbackBodySchema = z.object({
  Code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(2048, 'Code is too long'),
  State: z.string({ error: 'State is required' }).trim().min(1, 'State is required').max(4096, 'State is too long'),
});
export type AuthCallbackBody = z.infer<typeof AuthCallbackBodySchema>;

/**
 * Spec part 2 §7 "Auth callback". A connect answers ProcessId (then /account-connected/{ProcessId}/{IsNewCompanyCreated});
 * a Google sign-in answers Token and JustLoggingInUsingGoogleLoginBtn = true.
 */
export const AuthCallbackResponseSchema = z.object({
  Success: z.literal(true),
  ProcessId: z.string().nullable(),
  IsNewCompanyCreated: z.boolean(),
  IsReloadRequired: z.boolean(),
  JustLoggingInUsingGoogleLoginBtn: z.boolean(),
  ResponseMessage: z.string(),
  Token: z.string().nullable(),
});
export type AuthCallbackResponse = z.infer<typeof AuthCallbackResponseSchema>;

/** A Google account offered in the account selection dialog. */
export const SelectableAccountSchema = z.object({
  /** `accounts/<id>`: send these in SelectedAccounts. */
  Name: z.string(),
  AccountName: z.string(),
  Type: z.string(),
  Role: z.string().nullable(),
  /** Already connected to this company. */
  IsConnected: z.boolean(),
});
export const CurrentLocationSchema = z.object({
  locationTitle: z.string(),
  locationThumbnailUrl: z.string().nullable(),
  locationAddressLine1: z.string(),
  locationAddressLine2: z.string(),
});
/** Live payload `ConnectAccountsProgressNotification` (company scope), also returned by the process query. */
export const ConnectAccountsProgressSchema = z.object({
  processId: z.string(),
  progressPercentage: z.number().int().min(0).max(100),
  currentLocation: CurrentLocationSchema.nullable(),
  /** Set when the import stopped on an error. */
  errorMessage: z.string().nullable().optional(),
});
export type ConnectAccountsProgress = z.infer<typeof ConnectAccountsProgressSchema>;

export const ConnectionProcessSchema = z.object({
  ProcessId: z.string(),
  GoogleUserEmail: z.string(),
  GoogleUserFullName: z.string(),
  IsNewCompanyCreated: z.boolean(),
  Status: z.enum(['awaiting-selection', 'importing', 'completed', 'failed']),
  Accounts: z.array(SelectableAccountSchema),
  Progress: ConnectAccountsProgressSchema,
});

export const ConnectAccountsBodySchema = z.object({
  SelectedAccounts: z
    .array(z.string({ error: 'SelectedAccounts must be a list of account names' }).trim().min(1, 'Account names must not be empty').max(200), {
      error: m.selectionRequired,
    })
    .min(1, m.selectionRequired)
    .max(50, 'At most 50 accounts can be connected at once'),
});
export type ConnectAccountsBody = z.infer<typeof ConnectAccountsBodySchema>;

/** A row of the Connections table (spec: Connected Google account). */
export const ConnectedAccountSchema = z.object({
  Id: z.string(),
  /** `accounts/<id>`: the Disconnect path parameter. */
  Name: z.string(),
  AccountName: z.string(),
  GoogleUserFullName: z.string(),
  GoogleUserEmail: z.string(),
  GoogleUserProfileImage: z.string().nullable(),
  /** ISO date. */
  ConnectedAt: z.string(),
  /** Always "Google". */
  Source: z.string(),
  TotalLocations: z.number().int(),
});
export type ConnectedAccount = z.infer<typeof ConnectedAccountSchema>;

export const ConnectedAccountsQuerySchema = z.object({
  search: searchQueryField,
  ...pageQueryFields(CONNECTIONS_PAGE_SIZE),
});

const ProcessParams = z.object({ processId: z.string().trim().min(1, 'processId is required').max(100, 'processId is too long') });
const MessageAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string() });

/** Connect Account button (Connections page). */
export const connectTokenUrlRoute = defineRoute({
  name: 'connections.tokenUrl',
  method: 'GET',
  path: '/api/gmb/token-url',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Google consent URL to connect Business Profile accounts (state signed, bound to the caller and company, 15 min)',
  response: TokenUrlResponseSchema,
});

/** Sign in with Google button (login page): same OAuth flow, no token needed. */
export const googleSignInTokenUrlRoute = defineRoute({
  name: 'auth.google.tokenUrl',
  method: 'GET',
  path: '/api/auth/google/token-url',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Google sign-in URL for the login page',
  description: 'Sign in with Google button (login page): same OAuth flow, no token needed.',
  response: TokenUrlResponseSchema,
});

/** Google redirected to /google-auth-callback?code&state; the web app posts them here. */
export const authCallbackRoute = defineRoute({
  name: 'auth.callback',
  method: 'POST',
  path: '/api/auth/callback',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Exchanges the code (tokens kept encrypted); answers ProcessId for a connect, Token for a Google sign-in',
  request: { body: AuthCallbackBodySchema },
  response: AuthCallbackResponseSchema,
});

/** Accounts of a connection process (account selection dialog) and its import progress. */
export const connectionProcessRoute = defineRoute({
  name: 'connections.process',
  method: 'GET',
  path: '/api/gmb/connect-accounts/:processId',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "A Google connection process's accounts and its import progress",
  description: 'Accounts of a connection process (account selection dialog) and its import progress.',
  request: { params: ProcessParams },
  response: z.object({ Success: z.literal(true), Data: ConnectionProcessSchema }),
  tenantParams: ['processId'],
});

/** Start button of the selection dialog: connects the accounts and starts the import (progress live). */
export const connectAccountsRoute = defineRoute({
  name: 'connections.connectAccounts',
  method: 'POST',
  path: '/api/gmb/connect-accounts/:processId',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Connect the chosen Google accounts and start importing their locations',
  description: 'Start button of the selection dialog: connects the accounts and starts the import (progress live).',
  request: { params: ProcessParams, body: ConnectAccountsBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ ProcessId: z.string(), ConnectionIds: z.array(z.string()) }) }),
  tenantParams: ['processId'],
});

/** Connections table: 15 per page; connected accounts only. */
export const listConnectedAccountsRoute = defineRoute({
  name: 'connections.list',
  method: 'GET',
  path: '/api/gmb/gmbAccounts',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "The company's connected Google accounts, 15 per page",
  description: 'Connections table: 15 per page; connected accounts only.',
  request: { query: ConnectedAccountsQuerySchema },
  response: z.object({
    Success: z.literal(true),
    Data: z.array(ConnectedAccountSchema),
    TotalRecords: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
});

/** One connected account (header of /{accountId}/locations). `id` is the connection Id. */
export const getConnectedAccountRoute = defineRoute({
  name: 'connections.get',
  method: 'GET',
  path: '/api/gmb/gmbAccounts/:id',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: 'One connected Google account',
  description: 'One connected account (header of /{accountId}/locations). `id` is the connection Id.',
  request: { params: z.object({ id: z.string().trim().min(1, 'id is required').max(200) }) },
  response: z.object({ Success: z.literal(true), Data: ConnectedAccountSchema }),
  tenantParams: ['id'],
});

/** `name`: the account's Name (`accounts/<id>`, URL-encoded), its numeric id, or the connection Id. */
export const disconnectAccountRoute = defineRoute({
  name: 'connections.disconnect',
  method: 'POST',
  path: '/api/disconnectGMBAccount/disconnect/:name',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Disconnect a Google account',
  description: "`name`: the account's Name (`accounts/<id>`, URL-encoded), its numeric id, or the connection Id.",
  request: { params: z.object({ name: z.string().trim().min(1, 'name is required').max(200, 'name is too long') }) },
  response: MessageAnswer,
  tenantParams: ['name'],
});

export const connectionsRoutes = [
  connectTokenUrlRoute,
  googleSignInTokenUrlRoute,
  authCallbackRoute,
  connectionProcessRoute,
  connectAccountsRoute,
  listConnectedAccountsRoute,
  getConnectedAccountRoute,
  disconnectAccountRoute,
] as const;
