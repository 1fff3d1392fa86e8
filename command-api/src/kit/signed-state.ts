import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An OAuth `state` (or any short value the browser carries back): a JSON payload in base64url,
 * a dot, and its HMAC-SHA256 under a key derived from the server's secret and the purpose, so a
 * state made for one flow is refused by another. The callers check the payload's shape and expiry.
 */
export function signedStateKey(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}${secret}`).digest();
}

export function signState(key: Buffer, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The parsed payload of a state signed with `key`; undefined for a forged or malformed one. */
export function openState(key: Buffer, token: string): unknown {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
