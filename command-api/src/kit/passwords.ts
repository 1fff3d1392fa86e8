import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm, OWASP parameters: 19 MiB, 2 passes).
 * Only the PHC string is ever stored (in events); clear passwords never leave the request.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so a user without a password (or an unknown email) answers in similar time.
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash of a random string, made once, verified against for unknown emails (timing equalisation). */
export const dummyHash = (): Promise<string> => (dummy ??= hash(crypto.randomUUID()));
