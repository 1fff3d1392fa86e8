import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Stateless sandbox tokens: JWT-shaped (header.payload.signature, HS256) so they survive a
 * sandbox restart. The app treats them as opaque, as it must with real Entra tokens.
 */
export const GRAPH_AUDIENCE = 'https://graph.microsoft.com';
export const ACCESS_TOKEN_SECONDS = 3599;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;

export interface TokenClaims {
  typ: 'access' | 'refresh';
  aud: string;
  tid: string;
  oid: string;
  appid: string;
  scp: string;
  iat: number;
  exp: number;
  jti: string;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export interface TokenSigner {
  sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'jti'>, lifetimeSeconds: number, nowMs: number): string;
  /** Claims of a well-signed token, or the reason it is not acceptable. */
  verify(token: string, nowMs: number): { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };
}

export function createTokenSigner(secret: string): TokenSigner {
  const mac = (data: string) => createHmac('sha256', secret).update(data).digest();
  const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'locus-sandbox' }));
  return {
    sign(claims, lifetimeSeconds, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const payload = b64(JSON.stringify({ ...claims, iat, exp: iat + lifetimeSeconds, jti: randomUUID() }));
      return `${header}.${payload}.${b64(mac(`${header}.${payload}`))}`;
    },
    verify(token, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'malformed' };
      const [h, p, s] = parts as [string, string, string];
      const expected = mac(`${h}.${p}`);
      const given = Buffer.from(s, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
      let claims: TokenClaims;
      try {
        claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as TokenClaims;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

/** Authorization codes are opaque, single use, short lived (kept in memory). */
export const newAuthorizationCode = () => `0.A${randomBytes(36).toString('base64url')}`;
