import { z } from 'zod';
import { RoleSchema } from '../event-envelope';

/**
 * Claims of the access token (JWT, HS256). The web app decodes them without verifying
 * (spec: "Current user (from access token)"); the server always verifies.
 * Spec names are kept for the user fields; `sub`, `jti`, `iat`, `exp` are the JWT ones.
 */
export const AccessTokenClaimsSchema = z.object({
  sub: z.string(),
  jti: z.string(),
  iat: z.number(),
  exp: z.number(),
  UserId: z.string(),
  RoleId: RoleSchema,
  fullName: z.string(),
  EmailAddress: z.string(),
  CompanyId: z.string().nullable(),
  CompanyName: z.string().nullable(),
  ProfileImgUrl: z.string().nullable().optional(),
  ViewingAsAdmin: z.boolean(),
  /** The administrator's own user id while viewing a company. */
  AdminUserId: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;
