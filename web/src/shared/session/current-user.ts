import type { Role } from '@locus/contracts';

/** The signed-in user as read from the access token (spec part 1 §3, Current user). */
export interface CurrentUser {
  userId: string;
  role: Role;
  fullName: string;
  email: string;
  companyId: string | null;
  companyName: string | null;
  profileImgUrl: string | null;
  viewingAsAdmin: boolean;
  /** Expiry, seconds since the epoch; null when the token carries none. */
  expiresAt: number | null;
}

const ROLES: readonly Role[] = ['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor'];

const base64UrlDecode = (segment: string): string => {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** Reads a JWT payload without verifying it (the server verifies); null when malformed. */
export const decodeTokenPayload = (token: string): Record<string, unknown> | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const pick = (claims: Record<string, unknown>, ...names: string[]): unknown => {
  for (const name of names) if (claims[name] !== undefined && claims[name] !== null) return claims[name];
  return undefined;
};
const asString = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null);
const asBool = (v: unknown): boolean => v === true || v === 'true' || v === 'True' || v === 1;

/** Claim names: the platform's TokenClaims (camelCase); the spec's PascalCase names are accepted too. */
export const currentUserFromClaims = (claims: Record<string, unknown>): CurrentUser | null => {
  const userId = asString(pick(claims, 'userId', 'UserId', 'sub'));
  const role = asString(pick(claims, 'role', 'RoleId', 'Role'));
  if (!userId || !role || !ROLES.includes(role as Role)) return null;
  const exp = pick(claims, 'exp');
  return {
    userId,
    role: role as Role,
    fullName: asString(pick(claims, 'fullName', 'FullName', 'name')) ?? '',
    email: asString(pick(claims, 'email', 'EmailAddress', 'Email')) ?? '',
    companyId: asString(pick(claims, 'companyId', 'CompanyId')),
    companyName: asString(pick(claims, 'companyName', 'CompanyName')),
    profileImgUrl: asString(pick(claims, 'profileImgUrl', 'ProfileImgUrl')),
    viewingAsAdmin: asBool(pick(claims, 'viewingAsAdmin', 'ViewingAsAdmin')),
    expiresAt: typeof exp === 'number' ? exp : null,
  };
};

export const currentUserFromToken = (token: string): CurrentUser | null => {
  const claims = decodeTokenPayload(token);
  return claims ? currentUserFromClaims(claims) : null;
};

/**
 * A token is usable when it decodes to a known user and its `exp` lies in the future.
 * A token without `exp` is treated as expired: the server always sets one.
 */
export const isTokenUsable = (token: string | null | undefined, nowMs: number): boolean => {
  if (!token) return false;
  const user = currentUserFromToken(token);
  if (!user || user.expiresAt === null) return false;
  return user.expiresAt * 1000 > nowMs;
};
