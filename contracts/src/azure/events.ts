import { z } from 'zod';

/**
 * Azure (Microsoft Graph) directory connection of one company. Stream `azuredirectory-<companyId>`.
 * The client secret and the OAuth tokens are stored only sealed (AES-256-GCM, platform SecretBox,
 * `v1.<iv>.<tag>.<ciphertext>`) with the context `azuredirectory:<companyId>:<field>`.
 */
export const azureDirectoryStream = (companyId: string) => `azuredirectory-${companyId}`;

const Encrypted = z.string().regex(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'Not a sealed value');
export const azureSealContext = (companyId: string, field: 'clientSecret' | 'accessToken' | 'refreshToken') => `azuredirectory:${companyId}:${field}`;

export const AzureCredentialsSavedSchema = z.object({
  companyId: z.string(),
  clientId: z.string(),
  tenantId: z.string(),
  clientSecret: Encrypted,
});

export const AzureDirectoryConnectedSchema = z.object({
  companyId: z.string(),
  tenantId: z.string(),
  clientId: z.string(),
  accessToken: Encrypted,
  refreshToken: Encrypted.nullable(),
  /** ISO time the access token expires. */
  expiresAt: z.string(),
  scope: z.string(),
  connectedByUserId: z.string(),
});

export const AzureTokensRefreshedSchema = z.object({
  companyId: z.string(),
  accessToken: Encrypted,
  refreshToken: Encrypted.nullable(),
  expiresAt: z.string(),
});

/** The refresh token was refused (revoked, expired): a new consent is needed. */
export const AzureDirectoryConnectionLostSchema = z.object({
  companyId: z.string(),
  reason: z.string(),
});

export const AzureDirectoryUserConnectedSchema = z.object({
  companyId: z.string(),
  directoryUserId: z.string(),
  displayName: z.string(),
  userPrincipalName: z.string(),
  /** The company user created for this directory user. */
  userId: z.string(),
});

export const azureEventSchemas = {
  AzureCredentialsSaved: AzureCredentialsSavedSchema,
  AzureDirectoryConnected: AzureDirectoryConnectedSchema,
  AzureTokensRefreshed: AzureTokensRefreshedSchema,
  AzureDirectoryConnectionLost: AzureDirectoryConnectionLostSchema,
  AzureDirectoryUserConnected: AzureDirectoryUserConnectedSchema,
} as const;

type Schemas = typeof azureEventSchemas;
export type AzureEventType = keyof Schemas;
export type AzureEvent = { [K in AzureEventType]: { type: K; data: z.infer<Schemas[K]> } }[AzureEventType];
export const azureEventTypes = Object.keys(azureEventSchemas) as AzureEventType[];
