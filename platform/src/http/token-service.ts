import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTHeaderParameters } from 'jose';
import { keyIdOf } from '../crypto/secret-box';
import { AccessTokenClaimsSchema, authErrors } from '@locus/contracts';
import { fail } from './errors';
import type { Clock, IdSource, TokenClaims, TokenService } from '../runtime/deps';
import type { AuthContext } from './route-handler';

const ISSUER = 'locus';
const ALG = 'HS256';
/** Verified tokens remembered (a client sends the same token with every request). */
const VERIFIED_CACHE_SIZE = 10_000;

type Verified = Awaited<ReturnType<TokenService['verify']>>;
interface VerifiedEntry {
  result: Verified;
  exp: number;
  nbf: number | undefined;
}

export interface TokenServiceOptions {
  /** Signs new tokens (its id goes in the `kid` header). */
  secret: string;
  /** Still verify tokens signed with these (rotation); tokens without `kid` are checked against the current secret. */
  previousSecrets?: readonly string[];
  ttlSeconds: number;
  clock: Clock;
  ids?: IdSource;
}

/** Signs and verifies access tokens (JWT HS256) whose claims follow `AccessTokenClaimsSchema`. */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const secrets = [options.secret, ...(options.previousSecrets ?? [])];
  if (secrets.some((s) => s.length < 32)) throw new Error('The JWT secret must be at least 32 characters');
  const key = new TextEncoder().encode(options.secret);
  const currentKeyId = keyIdOf(options.secret);
  // Imported once: jose would otherwise import the raw secret as a CryptoKey on every call.
  const verifyKeys = new Map(
    secrets.map((s) => {
      const imported = crypto.subtle.importKey('raw', new TextEncoder().encode(s), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      imported.catch(() => undefined);
      return [keyIdOf(s), imported] as const;
    }),
  );
  const verifyKeyFor = (header: JWTHeaderParameters) => {
    const found = verifyKeys.get(header.kid ?? currentKeyId);
    if (!found) throw fail(authErrors.invalidToken);
    return found;
  };
  // The signature and claims of a token string never change, so a token verified once needs
  // only its time claims checked again (as jose checks them: exp <= now is expired).
  const verified = new Map<string, VerifiedEntry>();
  const epochNow = () => Math.floor(options.clock.now().getTime() / 1000);
  const fromCache = (token: string): Verified | null => {
    const hit = verified.get(token);
    if (!hit) return null;
    const now = epochNow();
    if (hit.exp <= now) {
      verified.delete(token);
      throw fail(authErrors.tokenExpired);
    }
    if (hit.nbf !== undefined && hit.nbf > now) throw fail(authErrors.invalidToken);
    return { ...hit.result, claims: { ...hit.result.claims } };
  };
  const newId = options.ids ? () => options.ids!.uuid() : randomUUID;

  return {
    async issue(claims: TokenClaims, ttlSeconds = options.ttlSeconds) {
      const tokenId = newId();
      const nowMs = options.clock.now().getTime();
      // `iat` keeps the milliseconds (a NumericDate may be fractional): a password change ends
      // the sessions issued before it, and one issued in the same second after it must stay.
      const issuedAt = nowMs / 1000;
      const expiresAt = Math.floor(nowMs / 1000) + ttlSeconds;
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
        .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: currentKeyId })
        .setIssuer(ISSUER)
        .setSubject(claims.userId)
        .setJti(tokenId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, tokenId, expiresAt: new Date(expiresAt * 1000) };
    },

    async verify(token: string) {
      const cached = fromCache(token);
      if (cached) return cached;
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, verifyKeyFor, { algorithms: [ALG], issuer: ISSUER, currentDate: options.clock.now() }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw fail(authErrors.tokenExpired);
        throw fail(authErrors.invalidToken);
      }
      const parsed = AccessTokenClaimsSchema.safeParse(payload);
      if (!parsed.success) throw fail(authErrors.invalidToken);
      const c = parsed.data;
      if (c.RoleId !== 'Administrator' && !c.CompanyId) throw fail(authErrors.invalidToken);
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
        issuedAt: c.iat,
      };
      const result = { ...auth, claims };
      if (typeof c.exp === 'number') {
        // Bounded: when full, start over (tokens live minutes; the busy ones come back at once).
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        const nbf = (payload as { nbf?: unknown }).nbf;
        verified.set(token, { result, exp: c.exp, nbf: typeof nbf === 'number' ? nbf : undefined });
      }
      return { ...result, claims: { ...claims } };
    },
  };
}
