import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
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
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url). `context` binds the value to its owner (e.g. a company id). */
  encrypt(plaintext: string, context?: string): string;
  decrypt(sealed: string, context?: string): string;
}

/** AES-256-GCM for secrets at rest (client secrets, encrypted variables). */
export function createSecretBox(keyBase64: string): SecretBox {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes, base64-encoded');
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Not a sealed secret');
      const [, iv, tag, body] = parts as [string, string, string, string];
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
        if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}

/** Whether a stored value is sealed by a SecretBox (to migrate plain values). */
export const isSealed = (value: string) => /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
