import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@locus/contracts';
import { createSecretBox, type SecretBox } from '@locus/platform/crypto/secret-box';

/**
 * One-time codes and reset tokens.
 *
 * Stored for verification as an HMAC-SHA256 under a key derived from the server's encryption
 * key: a 6-digit code hashed without a key could be found offline in a million tries by anyone
 * who reads the event store.
 *
 * The mail reactor needs the clear value after the command has answered. We seal it in the
 * event with AES-256-GCM (platform's SecretBox, bound to the challenge/request id) rather than
 * handing it over through an in-memory outbox: the reactor may run in another process
 * (reactor worker) and must be able to retry after a restart, which an outbox in the API's
 * memory cannot give. The trade-off: the sealed copy stays in the log, readable with the
 * encryption key; it is worthless after its 10 minutes / 1 hour and after first use.
 */
export interface IdentitySecrets {
  newOtpCode(): string;
  newResetToken(): string;
  hashOtp(challengeId: string, code: string): string;
  hashResetToken(token: string): string;
  matches(expectedHash: string, actualHash: string): boolean;
  seal(value: string, context: string): string;
  unseal(sealed: string, context: string): string;
}

/**
 * After a key rotation, codes and links issued under the previous key no longer match their
 * hash (they expire within the hour anyway); their sealed copies still open for the mailer.
 */
export function createIdentitySecrets(encryptionKeyBase64: string, previousKeysBase64: readonly string[] = []): IdentitySecrets {
  const box: SecretBox = createSecretBox(encryptionKeyBase64, previousKeysBase64);
  const master = Buffer.from(encryptionKeyBase64, 'base64');
  const subKey = (purpose: string) => createHmac('sha256', master).update(`locus:${purpose}:v1`).digest();
  const otpKey = subKey('otp-hash');
  const resetKey = subKey('reset-token-hash');
  const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex');

  return {
    newOtpCode: () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0'),
    newResetToken: () => randomBytes(32).toString('base64url'),
    hashOtp: (challengeId, code) => hmac(otpKey, `${challengeId}:${code}`),
    hashResetToken: (token) => hmac(resetKey, token),
    matches(expectedHash, actualHash) {
      const a = Buffer.from(expectedHash, 'hex');
      const b = Buffer.from(actualHash, 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
    seal: (value, context) => box.encrypt(value, context),
    unseal: (sealed, context) => box.decrypt(sealed, context),
  };
}
