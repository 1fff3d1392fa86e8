import { describe, expect, it } from 'vitest';
import { currentUserFromToken, decodeTokenPayload, isTokenUsable } from './current-user';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

const NOW_MS = Date.UTC(2025, 0, 1, 12, 0, 0);
const nowSec = NOW_MS / 1000;

/** Claims as contracts/src/routes/access-token.ts names them. */
const contractClaims = {
  sub: 'u-1',
  jti: 't-1',
  iat: nowSec - 60,
  exp: nowSec + 3600,
  UserId: 'u-1',
  RoleId: 'CompanyAdmin',
  fullName: 'Ada Lovelace',
  EmailAddress: 'ada@example.com',
  CompanyId: 'c-1',
  CompanyName: 'Analytical Engines',
  ProfileImgUrl: null,
  ViewingAsAdmin: true,
  AdminUserId: 'admin-1',
};

describe('access token reading', () => {
  it('maps the contract claims to the current user', () => {
    expect(currentUserFromToken(tokenWith(contractClaims))).toEqual({
      userId: 'u-1',
      role: 'CompanyAdmin',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      companyId: 'c-1',
      companyName: 'Analytical Engines',
      profileImgUrl: null,
      viewingAsAdmin: true,
      expiresAt: nowSec + 3600,
    });
  });

  it('accepts the platform camelCase claim names too', () => {
    const user = currentUserFromToken(
      tokenWith({ userId: 'u-2', role: 'Administrator', fullName: 'Grace', email: 'g@x.io', companyId: null, viewingAsAdmin: false, exp: nowSec + 5 }),
    );
    expect(user?.role).toBe('Administrator');
    expect(user?.companyId).toBeNull();
    expect(user?.email).toBe('g@x.io');
  });

  it('decodes UTF-8 names', () => {
    expect(currentUserFromToken(tokenWith({ ...contractClaims, fullName: 'Zoë Ålund' }))?.fullName).toBe('Zoë Ålund');
  });

  it('rejects malformed tokens and unknown roles', () => {
    expect(decodeTokenPayload('not-a-jwt')).toBeNull();
    expect(decodeTokenPayload('a.!!!.c')).toBeNull();
    expect(currentUserFromToken(tokenWith({ ...contractClaims, RoleId: 'SuperUser' }))).toBeNull();
    expect(currentUserFromToken(tokenWith({ ...contractClaims, UserId: undefined, sub: undefined }))).toBeNull();
  });
});

describe('token expiry check', () => {
  it('is usable before exp and not at or after it', () => {
    const token = tokenWith({ ...contractClaims, exp: nowSec + 1 });
    expect(isTokenUsable(token, NOW_MS)).toBe(true);
    expect(isTokenUsable(token, NOW_MS + 1000)).toBe(false);
    expect(isTokenUsable(token, NOW_MS + 5000)).toBe(false);
  });

  it('treats a token without exp, an empty value or garbage as unusable', () => {
    const { exp: _exp, ...noExp } = contractClaims;
    expect(isTokenUsable(tokenWith(noExp), NOW_MS)).toBe(false);
    expect(isTokenUsable(null, NOW_MS)).toBe(false);
    expect(isTokenUsable('', NOW_MS)).toBe(false);
    expect(isTokenUsable('x.y.z', NOW_MS)).toBe(false);
  });
});
