import { z } from 'zod';

/**
 * A company's Google Workspace directory connection (Admin SDK, read-only user scope). Stream
 * `googleworkspace-<companyId>`. The refresh token is stored only sealed (platform SecretBox)
 * with the context `googleworkspace:<companyId>:refreshToken`.
 */
export const googleWorkspaceStream = (companyId: string) => `googleworkspace-${companyId}`;
export const googleWorkspaceSealContext = (companyId: string) => `googleworkspace:${companyId}:refreshToken`;

export const GoogleWorkspaceConnectedSchema = z.object({
  companyId: z.string(),
  /** The Workspace administrator who consented. */
  googleUserEmail: z.string(),
  refreshToken: z.string(),
  scope: z.string(),
  connectedByUserId: z.string(),
});

/** A directory user added as a company user. */
export const GoogleWorkspaceUserAddedSchema = z.object({
  companyId: z.string(),
  directoryUserId: z.string(),
  primaryEmail: z.string(),
  userId: z.string(),
});

/** The consent forgotten (its refresh token with it); users already added stay. */
export const GoogleWorkspaceDisconnectedSchema = z.object({
  companyId: z.string(),
  googleUserEmail: z.string(),
  disconnectedByUserId: z.string(),
});

export const googleWorkspaceEventSchemas = {
  GoogleWorkspaceConnected: GoogleWorkspaceConnectedSchema,
  GoogleWorkspaceDisconnected: GoogleWorkspaceDisconnectedSchema,
  GoogleWorkspaceUserAdded: GoogleWorkspaceUserAddedSchema,
} as const;

type Schemas = typeof googleWorkspaceEventSchemas;
export type GoogleWorkspaceEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
