import { describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { keyIdOf } from '../crypto/secret-box';
import { AccessTokenClaimsSchema } from '@locus/contracts';
import { createTokenService } from './token-service';
import { manualClock } from './testing';

describe('token service', () => {
  it('issues an HS256 token with the spec claim names the web app reads, and verifies it back', async () => {
    const clock = manualClock(new Date('2025-05-01T00:00:00Z'));
    const tokens = createTokenService({ secret: 'unit-test-secret-that-is-long-enough', ttlSeconds: 900, clock, ids: { uuid: () => 'tok-1' } });
    const issued = await tokens.issue({
      userId: 'u-9',
      role: 'CompanyAdmin',
      companyId: 'c-3',
      companyName: 'Acme',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      profileImgUrl: 'https://img/x.png',
      viewingAsAdmin: true,
      adminUserId: 'admin-1',
    });
    expect(issued.tokenId).toBe('tok-1');
    expect(issued.expiresAt.toISOString()).toBe('2025-05-01T00:15:00.000Z');
    const payload = decodeJwt(issued.token);
    expect(AccessTokenClaimsSchema.parse(payload)).toMatchObject({
      sub: 'u-9',
      jti: 'tok-1',
      UserId: 'u-9',
      RoleId: 'CompanyAdmin',
      fullName: 'Ada Lovelace',
      EmailAddress: 'ada@example.com',
      CompanyId: 'c-3',
      CompanyName: 'Acme',
      ProfileImgUrl: 'https://img/x.png',
      ViewingAsAdmin: true,
      AdminUserId: 'admin-1',
      exp: Date.parse('2025-05-01T00:15:00Z') / 1000,
    });
    const verified = await tokens.verify(issued.token);
    expect(verified).toMatchObject({ userId: 'u-9', role: 'CompanyAdmin', companyId: 'c-3', viewingAsAdmin: true, adminUserId: 'admin-1', tokenId: 'tok-1' });
    expect(verified.claims.email).toBe('ada@example.com');
    clock.advance(900_000);
    await expect(tokens.verify(issued.token)).rejects.toMatchObject({ code: 'AUTH.TOKEN_EXPIRED', status: 401 });
  });

  it('refuses a company role without a company, a tampered token and a short secret', async () => {
    const clock = manualClock();
    const tokens = createTokenService({ secret: 'unit-test-secret-that-is-long-enough', ttlSeconds: 900, clock });
    const bad = await tokens.issue({
      userId: 'u',
      role: 'CompanyUser',
      companyId: null,
      companyName: null,
      fullName: 'U',
      email: 'u@x.co',
      viewingAsAdmin: false,
    });
    await expect(tokens.verify(bad.token)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    const good = await tokens.issue({
      userId: 'u',
      role: 'Administrator',
      companyId: null,
      companyName: null,
      fullName: 'U',
      email: 'u@x.co',
      viewingAsAdmin: false,
    });
    const [h, p, s] = good.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), RoleId: 'Administrator', UserId: 'x' }),
    ).toString('base64url');
    await expect(tokens.verify(`${h}.${forgedPayload}.${s}`)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    expect(() => createTokenService({ secret: 'short', ttlSeconds: 1, clock })).toThrow(/32 characters/);
  });

  it('answers a token verified before without re-checking the signature, but still checks its expiry, and hands out fresh objects', async () => {
    const clock = manualClock(new Date('2025-05-01T00:00:00Z'));
    const tokens = createTokenService({ secret: 'unit-test-secret-that-is-long-enough', ttlSeconds: 60, clock });
    const issued = await tokens.issue({
      userId: 'u',
      role: 'CompanyUser',
      companyId: 'c',
      companyName: 'C',
      fullName: 'U',
      email: 'u@x.co',
      viewingAsAdmin: false,
    });
    const first = await tokens.verify(issued.token);
    first.userId = 'changed by a caller';
    first.claims.email = 'changed@x.co';
    const second = await tokens.verify(issued.token);
    expect(second).toMatchObject({ userId: 'u', role: 'CompanyUser', companyId: 'c' });
    expect(second.claims.email).toBe('u@x.co');
    clock.advance(59_999);
    await expect(tokens.verify(issued.token)).resolves.toMatchObject({ userId: 'u' });
    clock.advance(1);
    await expect(tokens.verify(issued.token)).rejects.toMatchObject({ code: 'AUTH.TOKEN_EXPIRED', status: 401 });
    // A tampered copy of a verified token is not taken for it.
    const [h, p, sig] = issued.token.split('.');
    await expect(tokens.verify(`${h}.${p}.${sig!.slice(0, -2)}AA`)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
  });
});

describe('token signing keys', () => {
  const claims = {
    userId: 'u-1',
    role: 'CompanyUser' as const,
    companyId: 'c-1',
    companyName: 'Acme',
    fullName: 'Ann',
    email: 'ann@example.com',
    viewingAsAdmin: false,
  };
  const oldSecret = 'the-old-secret-that-is-long-enough-000';
  const newSecret = 'the-new-secret-that-is-long-enough-111';

  it('rotate: new tokens name the current key (kid); tokens of a previous key still verify, of a dropped key not', async () => {
    const clock = manualClock(new Date());
    const before = createTokenService({ secret: oldSecret, ttlSeconds: 900, clock });
    const oldToken = (await before.issue(claims)).token;
    const rotated = createTokenService({ secret: newSecret, previousSecrets: [oldSecret], ttlSeconds: 900, clock });
    const newToken = (await rotated.issue(claims)).token;

    expect(decodeProtectedHeader(newToken).kid).toBe(keyIdOf(newSecret));
    expect(decodeProtectedHeader(oldToken).kid).toBe(keyIdOf(oldSecret));
    expect((await rotated.verify(oldToken)).userId).toBe('u-1');
    expect((await rotated.verify(newToken)).userId).toBe('u-1');

    const dropped = createTokenService({ secret: newSecret, ttlSeconds: 900, clock });
    await expect(dropped.verify(oldToken)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    await expect(before.verify(newToken)).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
  });
});
