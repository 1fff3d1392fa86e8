import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links mailed to people who are not signed in (approve a reply): `<id>.<expiry>.<mac>`, all
 * base64url, where mac = HMAC-SHA256 over purpose, id and expiry with a key derived from the
 * server's secret. The link names no guessable id on its own, cannot be altered without the
 * key, and says when it expires; that it is used once is the business of the stream its id
 * names.
 */
export interface LinkSigner {
  sign(id: string, expiresAt: Date): string;
  /** The id the link names, or why it is refused. */
  verify(token: string, now: Date): { ok: true; id: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired'; id?: string };
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

export function createLinkSigner(secret: string, purpose: string, previousSecrets: readonly string[] = []): LinkSigner {
  const keys = [secret, ...previousSecrets].map((s) => createHmac('sha256', s).update(`locus-signed-link:${purpose}`).digest());
  const mac = (key: Buffer, id: string, exp: string) => createHmac('sha256', key).update(`${purpose}\n${id}\n${exp}`).digest();
  return {
    sign(id, expiresAt) {
      const exp = String(Math.floor(expiresAt.getTime() / 1000));
      return [b64(id), b64(exp), mac(keys[0]!, id, exp).toString('base64url')].join('.');
    },
    verify(token, now) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return { ok: false, reason: 'invalid' };
      const [idPart, expPart, macPart] = parts as [string, string, string];
      const id = unb64(idPart);
      const exp = unb64(expPart);
      if (!/^\d{1,12}$/.test(exp)) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(macPart, 'base64url');
      const genuine = keys.some((key) => {
        const expected = mac(key, id, exp);
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!genuine) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(Number(exp) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', id };
      return { ok: true, id, expiresAt };
    },
  };
}
