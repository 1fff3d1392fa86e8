import { z } from 'zod';

/**
 * Connections: Google OAuth grants, connected Business Profile accounts and location imports.
 *
 * Streams
 * - `gmbconnection-<processId>`: one OAuth round trip (token url → Google → callback) and, for a
 *   connect, the import that follows the account selection.
 * - `gmbaccount-<connectionId>`: one Google Business account connected to one company;
 *   connectionId = uuid v5 of (companyId, account name), so reconnecting reuses the stream.
 * - `gmbcategories-<regionCode>`: the cached Google category list.
 *
 * Google tokens never appear in clear: `sealedCredentials` is the JSON
 * `{ refreshToken, scope }` sealed with the server's key (AES-256-GCM, platform secret-box).
 */
export const GoogleUserSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
});
export type GoogleUser = z.infer<typeof GoogleUserSchema>;

/** A Google Business account as listed by Account Management v1. */
export const GoogleAccountSummarySchema = z.object({
  /** `accounts/<id>` */
  name: z.string(),
  accountName: z.string(),
  type: z.string(),
  role: z.string().nullable(),
  verificationState: z.string().nullable(),
});
export type GoogleAccountSummary = z.infer<typeof GoogleAccountSummarySchema>;

export const CurrentImportLocationSchema = z.object({
  locationId: z.string(),
  locationTitle: z.string(),
  locationThumbnailUrl: z.string().nullable(),
  locationAddressLine1: z.string(),
  locationAddressLine2: z.string(),
});
export type CurrentImportLocation = z.infer<typeof CurrentImportLocationSchema>;

/** The callback exchanged the code for a connect: tokens sealed, the Google user's accounts listed. */
export const GoogleAuthorizationGrantedSchema = z.object({
  processId: z.string(),
  companyId: z.string(),
  userId: z.string(),
  googleUser: GoogleUserSchema,
  sealedCredentials: z.string(),
  scope: z.string(),
  accounts: z.array(GoogleAccountSummarySchema),
  /** The company had no name yet (self-registered): the name is asked before the selection. */
  isNewCompany: z.boolean(),
  expiresAt: z.string(),
});
/** A user signed in with the Sign in with Google button (no tokens kept). */
export const GoogleSignInSucceededSchema = z.object({
  processId: z.string(),
  userId: z.string(),
  companyId: z.string().nullable(),
  googleSub: z.string(),
  email: z.string(),
  tokenId: z.string(),
});
/** Accounts chosen in the selection dialog; the import reactor follows this event. */
export const LocationsImportRequestedSchema = z.object({
  processId: z.string(),
  companyId: z.string(),
  connectionIds: z.array(z.string()),
  accountNames: z.array(z.string()),
});
export const LocationsImportProgressedSchema = z.object({
  processId: z.string(),
  companyId: z.string(),
  connectionId: z.string().nullable(),
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  progressPercentage: z.number().int().min(0).max(100),
  currentLocation: CurrentImportLocationSchema.nullable(),
});
export const LocationsImportFailedSchema = z.object({
  processId: z.string(),
  companyId: z.string(),
  connectionId: z.string().nullable(),
  message: z.string(),
});

export const GoogleAccountConnectedSchema = z.object({
  connectionId: z.string(),
  companyId: z.string(),
  processId: z.string(),
  /** `accounts/<id>` */
  accountName: z.string(),
  accountDisplayName: z.string(),
  accountType: z.string(),
  googleUser: GoogleUserSchema,
  sealedCredentials: z.string(),
  connectedBy: z.string(),
});
/** Read models drop this account's connection, locations and their assignments; history stays. */
export const GoogleAccountDisconnectedSchema = z.object({
  connectionId: z.string(),
  companyId: z.string(),
  accountName: z.string(),
});

export const GoogleCategorySchema = z.object({ name: z.string(), displayName: z.string() });
export const GoogleCategoriesFetchedSchema = z.object({
  regionCode: z.string(),
  languageCode: z.string(),
  categories: z.array(GoogleCategorySchema),
});

export const connectionProcessEventSchemas = {
  GoogleAuthorizationGranted: GoogleAuthorizationGrantedSchema,
  GoogleSignInSucceeded: GoogleSignInSucceededSchema,
  LocationsImportRequested: LocationsImportRequestedSchema,
  LocationsImportProgressed: LocationsImportProgressedSchema,
  LocationsImportFailed: LocationsImportFailedSchema,
} as const;

export const connectedAccountEventSchemas = {
  GoogleAccountConnected: GoogleAccountConnectedSchema,
  GoogleAccountDisconnected: GoogleAccountDisconnectedSchema,
} as const;

export const categoryEventSchemas = {
  GoogleCategoriesFetched: GoogleCategoriesFetchedSchema,
} as const;

export const connectionEventSchemas = { ...connectionProcessEventSchemas, ...connectedAccountEventSchemas, ...categoryEventSchemas } as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type ConnectionProcessEvent = EventsOf<typeof connectionProcessEventSchemas>;
export type ConnectedAccountEvent = EventsOf<typeof connectedAccountEventSchemas>;
export type CategoryEvent = EventsOf<typeof categoryEventSchemas>;

export const connectionProcessStream = (processId: string) => `gmbconnection-${processId}`;
export const connectedAccountStream = (connectionId: string) => `gmbaccount-${connectionId}`;
export const categoriesStream = (regionCode: string) => `gmbcategories-${regionCode.toLowerCase()}`;
