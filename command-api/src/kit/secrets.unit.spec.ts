import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIdentitySecrets } from './secrets';

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
