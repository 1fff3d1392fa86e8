import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createSecretBox, isSealed, keyIdOf, SecretBoxError } from './secret-box';

const key = randomBytes(32).toString('base64');

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret, with a fresh IV each time', () => {
    const box = createSecretBox(key);
    const a = box.encrypt('client-secret-ü-🔑');
    const b = box.encrypt('client-secret-ü-🔑');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(isSealed(a)).toBe(true);
    expect(box.decrypt(a)).toBe('client-secret-ü-🔑');
    expect(box.decrypt(b)).toBe('client-secret-ü-🔑');
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('refuses another key, a tampered value and a wrong context', () => {
    const box = createSecretBox(key);
    const sealed = box.encrypt('s3cret', 'company-1');
    expect(box.decrypt(sealed, 'company-1')).toBe('s3cret');
    expect(() => box.decrypt(sealed, 'company-2')).toThrow(SecretBoxError);
    expect(() => box.decrypt(sealed)).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32).toString('base64')).decrypt(sealed, 'company-1')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.decrypt([...parts.slice(0, 4), body.toString('base64url')].join('.'), 'company-1')).toThrow(SecretBoxError);
    expect(() => box.decrypt('plain text')).toThrow(SecretBoxError);
    expect(isSealed('plain text')).toBe(false);
  });

  it('rotates: seals with the current key (its id in the value), still opens values of previous keys and of before key ids', () => {
    const oldKey = key;
    const newKey = randomBytes(32).toString('base64');
    const before = createSecretBox(oldKey);
    const sealedBefore = before.encrypt('old-secret', 'c1');
    // A value sealed before key ids existed: `v1.<iv>.<tag>.<body>`.
    const [, , ...rest] = sealedBefore.split('.');
    const legacy = ['v1', ...rest].join('.');
    expect(isSealed(legacy)).toBe(true);

    const rotated = createSecretBox(newKey, [oldKey]);
    expect(rotated.decrypt(sealedBefore, 'c1')).toBe('old-secret');
    expect(rotated.decrypt(legacy, 'c1')).toBe('old-secret');
    const sealedNow = rotated.encrypt('new-secret', 'c1');
    expect(sealedNow.split('.')[1]).toBe(keyIdOf(Buffer.from(newKey, 'base64')));
    expect(sealedNow.split('.')[1]).not.toBe(sealedBefore.split('.')[1]);
    // The old key alone cannot open what the new one sealed; once the old key is dropped, its values are gone.
    expect(() => before.decrypt(sealedNow, 'c1')).toThrow(/neither the current nor a previous/);
    expect(() => createSecretBox(newKey).decrypt(sealedBefore, 'c1')).toThrow(SecretBoxError);
    expect(() => createSecretBox(newKey).decrypt(legacy, 'c1')).toThrow(SecretBoxError);
  });

  it('requires a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
