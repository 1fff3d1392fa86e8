import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AccessTokenClaimsSchema } from '@locus/contracts/routes/access-token';
import { unauthenticated } from './errors';
import type { Clock, IdSource, TokenClaims, TokenService } from '../runtime/deps';
import type { AuthContext } from './route-handler';

const ISSUER = 'locus';
const ALG = 'HS256';

export interface TokenServiceOptions {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
  ids?: IdSource;
}

/** Signs and verifies access tokens (JWT HS256) whose claims follow `AccessTokenClaimsSchema`. */
export function createTokenService(options: TokenServiceOptions): TokenService {
  if (options.secret.length < 32) throw new Error('The JWT secret must be at least 32 characters');
  const key = new TextEncoder().encode(options.secret);
  const newId = options.ids ? () => options.ids!.uuid() : randomUUID;

  return {
    async issue(claims: TokenClaims, ttlSeconds = options.ttlSeconds) {
      const tokenId = newId();
      const issuedAt = Math.floor(options.clock.now().getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({
        UserId: claims.userId,
        RoleId: claims.role,
        fullName: claims.fullName,
        EmailAddress: claims.email,
        CompanyId: claims.companyId,
        CompanyName: claims.companyName,
        ProfileImgUrl: claims.profileImgUrl ?? null,
        ViewingAsAdmin: claims.viewingAsAdmin,
        ...(claims.adminUserId ? { AdminUserId: claims.adminUserId } : {}),
      })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(claims.userId)
        .setJti(tokenId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, tokenId, expiresAt: new Date(expiresAt * 1000) };
    },

    async verify(token: string) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, currentDate: options.clock.now() }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthenticated('AUTH.TOKEN_EXPIRED', 'Your session has expired; please log in again');
        throw unauthenticated('AUTH.INVALID_TOKEN', 'The access token is invalid');
      }
      const parsed = AccessTokenClaimsSchema.safeParse(payload);
      if (!parsed.success) throw unauthenticated('AUTH.INVALID_TOKEN', 'The access token is invalid');
      const c = parsed.data;
      if (c.RoleId !== 'Administrator' && !c.CompanyId) throw unauthenticated('AUTH.INVALID_TOKEN', 'The access token is invalid');
      const claims: TokenClaims = {
        userId: c.UserId,
        role: c.RoleId,
        companyId: c.CompanyId,
        companyName: c.CompanyName,
        fullName: c.fullName,
        email: c.EmailAddress,
        profileImgUrl: c.ProfileImgUrl ?? null,
        viewingAsAdmin: c.ViewingAsAdmin,
        ...(c.AdminUserId ? { adminUserId: c.AdminUserId } : {}),
      };
      const auth: AuthContext = {
        userId: c.UserId,
        role: c.RoleId,
        companyId: c.CompanyId,
        companyName: c.CompanyName,
        viewingAsAdmin: c.ViewingAsAdmin,
        ...(c.AdminUserId ? { adminUserId: c.AdminUserId } : {}),
        tokenId: c.jti,
      };
      return { ...auth, claims };
    },
  };
}
