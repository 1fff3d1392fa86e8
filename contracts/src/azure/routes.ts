import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';

/**
 * Azure directory import (Users page: Add Azure Users, Important Notice!, callback page).
 * Flow: save credentials → GET connect (authorize URL with signed state) → browser consents at
 * Microsoft → /companies/azure-connect?code&state → POST callback → GET users → POST add-to-agency.
 */
export const azureMessages = {
  keysSaved: 'Your keys have been saved successfully',
  connected: 'Your account has been connected successfully',
  addedToAgency: (name: string) => `${name} has been successfully added to your agency`,
  confirmAddToAgency: (name: string) => `Are you sure you want to add ${name} to your agency?`,
  noCredentials: 'Please provide your Azure client id, client secret and tenant id.',
  notConnected: 'Your Azure directory is not connected. Please connect your Azure account.',
} as const;

/** The web route Microsoft redirects back to (relative to config.publicUrl). */
export const AZURE_CALLBACK_PATH = '/companies/azure-connect';
/** Delegated Graph scopes asked at consent. */
export const AZURE_SCOPES = 'offline_access https://graph.microsoft.com/User.Read.All';

export const AzureCredentialsBodySchema = z.object({
  AzureClientId: z.string({ error: 'Azure client id is required' }).trim().min(1, 'Azure client id is required').max(200),
  AzureClientSecret: z.string({ error: 'Azure client secret is required' }).trim().min(1, 'Azure client secret is required').max(500),
  AzureTenantId: z
    .string({ error: 'Azure tenant id is required' })
    .trim()
    .min(1, 'Azure tenant id is required')
    .max(200)
    .regex(/^[A-Za-z0-9.-]+$/, 'Azure tenant id must be a GUID or a domain name'),
});
export type AzureCredentialsBody = z.input<typeof AzureCredentialsBodySchema>;

export const AzureCredentialsViewSchema = z.object({
  AzureClientId: z.string().nullable(),
  AzureTenantId: z.string().nullable(),
  /** The secret is never returned; this says whether one is stored. */
  HasAzureClientSecret: z.boolean(),
  IsConnected: z.boolean(),
  ConnectedAt: z.string().nullable(),
});

export const AzureConnectResponseSchema = z.object({
  Success: z.literal(true),
  CanConnect: z.boolean(),
  HasAzureCredentials: z.boolean(),
  RedirectUrl: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
});

export const AzureCallbackBodySchema = z.object({
  Code: z.string({ error: 'Code is required' }).min(1, 'Code is required').max(4000),
  State: z.string({ error: 'State is required' }).min(1, 'State is required').max(2000),
});
export type AzureCallbackBody = z.input<typeof AzureCallbackBodySchema>;

export const AzureDirectoryUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  givenName: z.string().nullable(),
  userPrincipalName: z.string(),
  isConnected: z.boolean(),
});
export type AzureDirectoryUser = z.infer<typeof AzureDirectoryUserSchema>;

export const AzureUsersResponseSchema = z.object({
  Success: z.literal(true),
  ResponseData: z.array(AzureDirectoryUserSchema),
});

export const AddToAgencyBodySchema = z.object({
  Id: z.string({ error: 'Id is required' }).trim().min(1, 'Id is required').max(200),
  DisplayName: z.string({ error: 'DisplayName is required' }).trim().min(1, 'DisplayName is required').max(300),
  UserPrincipalName: z.string({ error: 'UserPrincipalName is required' }).trim().min(3, 'UserPrincipalName is required').max(320),
});
export type AddToAgencyBody = z.input<typeof AddToAgencyBodySchema>;

export const getAzureCredentialsRoute = defineRoute({
  name: 'azure.credentials.get',
  method: 'GET',
  path: '/api/azure/credentials',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "The company's Azure AD app credentials (the secret is never returned) and connection state",
  response: successEnvelope(AzureCredentialsViewSchema),
});

export const saveAzureCredentialsRoute = defineRoute({
  name: 'azure.credentials.save',
  method: 'POST',
  path: '/api/azure/credentials',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Important Notice! dialog: Save Changes',
  request: { body: AzureCredentialsBodySchema },
  response: SuccessMessageSchema,
});

export const azureConnectRoute = defineRoute({
  name: 'azure.connect',
  method: 'GET',
  path: '/api/azure/connect',
  // Served by command-api: it signs the OAuth state with a server key and reads the credentials stream.
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Authorize URL of the Microsoft identity platform, with a signed state bound to the company',
  response: AzureConnectResponseSchema,
});

export const azureCallbackRoute = defineRoute({
  name: 'azure.callback',
  method: 'POST',
  path: '/api/azure/callback',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Exchange the authorization code; tokens are kept encrypted',
  request: { body: AzureCallbackBodySchema },
  response: SuccessMessageSchema,
});

export const azureUsersRoute = defineRoute({
  name: 'azure.users',
  method: 'GET',
  path: '/api/azure/users',
  // Served by command-api: it calls Graph and may refresh (and record) the access token.
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Directory users not yet connected to the company (Graph /v1.0/users, all pages)',
  response: AzureUsersResponseSchema,
});

export const azureAddToAgencyRoute = defineRoute({
  name: 'azure.addToAgency',
  method: 'POST',
  path: '/api/azure/add-to-agency',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Create a company user from a directory user',
  request: { body: AddToAgencyBodySchema },
  response: successEnvelope(z.object({ UserId: z.string() })),
});

export const azureRoutes = [
  getAzureCredentialsRoute,
  saveAzureCredentialsRoute,
  azureConnectRoute,
  azureCallbackRoute,
  azureUsersRoute,
  azureAddToAgencyRoute,
] as const;
