import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIdentitySecrets } from './secrets';
import { createRateLimiter } from './rate-limiter';

describe('identity secrets', () => {
  const secrets = createIdentitySecrets(randomBytes(32).toString('base64'));

  it('makes 6-digit codes and unguessable reset tokens', () => {
    const codes = Array.from({ length: 200 }, () => secrets.newOtpCode());
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
    expect(secrets.newResetToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('hashes codes with a server key bound to the challenge', () => {
    const other = createIdentitySecrets(randomBytes(32).toString('base64'));
    expect(secrets.hashOtp('ch1', '123456')).toBe(secrets.hashOtp('ch1', '123456'));
    expect(secrets.hashOtp('ch1', '123456')).not.toBe(secrets.hashOtp('ch2', '123456'));
    expect(secrets.hashOtp('ch1', '123456')).not.toBe(other.hashOtp('ch1', '123456'));
    expect(secrets.hashOtp('ch1', '123456')).not.toContain('123456');
    expect(secrets.matches(secrets.hashResetToken('t'), secrets.hashResetToken('t'))).toBe(true);
    expect(secrets.matches(secrets.hashResetToken('t'), secrets.hashResetToken('u'))).toBe(false);
  });

  it('seals a value that opens only with the same context', () => {
    const sealed = secrets.seal('654321', 'ch1');
    expect(sealed).not.toContain('654321');
    expect(secrets.unseal(sealed, 'ch1')).toBe('654321');
    expect(() => secrets.unseal(sealed, 'ch2')).toThrow();
  });
});

describe('rate limiter', () => {
  it('allows `limit` hits per window per key, then says how long to wait', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock: { now: () => new Date(now) } });
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    expect(limiter.hit('a')).toBe(60);
    expect(limiter.hit('b')).toBe(0);
    now = 30_000;
    expect(limiter.hit('a')).toBe(30);
    now = 60_001;
    expect(limiter.hit('a')).toBe(0);
  });
});
