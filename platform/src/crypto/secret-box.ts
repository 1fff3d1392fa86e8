import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  readonly code = 'SECRET_BOX.DECRYPT_FAILED';
  constructor(message = 'The secret cannot be decrypted (wrong key or tampered data)') {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /**
   * `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url), sealed with the current key.
   * `context` binds the value to its owner (e.g. a company id).
   */
  encrypt(plaintext: string, context?: string): string;
  /** Opens values sealed with the current key or a previous one (and `v1` values, which carry no key id). */
  decrypt(sealed: string, context?: string): string;
}

/** A key's id: a short fingerprint of the key itself, so operators never name keys by hand. */
export const keyIdOf = (key: string | Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 8);

/**
 * AES-256-GCM for secrets at rest (client secrets, encrypted variables). Rotation: seal with
 * the current key, open with any of `previousKeysBase64` too; the key id in each value picks the key.
 */
export function createSecretBox(keyBase64: string, previousKeysBase64: readonly string[] = []): SecretBox {
  const keys = [keyBase64, ...previousKeysBase64].map((k) => {
    const key = Buffer.from(k, 'base64');
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes, base64-encoded');
    return { id: keyIdOf(key), key };
  });
  const current = keys[0]!;
  const byId = new Map(keys.map((k) => [k.id, k.key]));

  const open = (key: Buffer, iv: string, tag: string, body: string, context: string | undefined): string => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  };

  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length === 5 && parts[0] === VERSION) {
        const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
        const key = byId.get(keyId);
        if (!key) throw new SecretBoxError(`Sealed with key ${keyId}, which is neither the current nor a previous encryption key`);
        try {
          return open(key, iv, tag, body, context);
        } catch {
          throw new SecretBoxError();
        }
      }
      if (parts.length === 4 && parts[0] === LEGACY_VERSION) {
        // Sealed before key ids: the authentication tag tells which key fits.
        const [, iv, tag, body] = parts as [string, string, string, string];
        for (const { key } of keys) {
          try {
            return open(key, iv, tag, body, context);
          } catch {
            // try the next key
          }
        }
        throw new SecretBoxError();
      }
      throw new SecretBoxError('Not a sealed secret');
    },
  };
}

/** Whether a stored value is sealed by a SecretBox (to migrate plain values). */
export const isSealed = (value: string) =>
  /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value) || /^v2\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
