import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '@locus/platform/ports';

/**
 * The OAuth `state` of the Azure consent: signed (HMAC-SHA256 with a key derived from the
 * JWT secret), bound to the company and user who started it, valid for 15 minutes.
 */
export const STATE_TTL_MS = 15 * 60 * 1000;

const PayloadSchema = z.object({ c: z.string(), u: z.string(), n: z.string(), e: z.number() });
export type OAuthStatePayload = { companyId: string; userId: string; expiresAt: number };

export function createOAuthStateSigner(jwtSecret: string, clock: Clock) {
  const key = createHash('sha256').update(`locus:azure-oauth-state:${jwtSecret}`).digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign(companyId: string, userId: string): string {
      const payload = Buffer.from(
        JSON.stringify({ c: companyId, u: userId, n: randomBytes(12).toString('base64url'), e: clock.now().getTime() + STATE_TTL_MS }),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The payload of a well-signed, unexpired state; null otherwise. */
    verify(state: string): OAuthStatePayload | null {
      const [payload, signature, extra] = state.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof PayloadSchema>;
      try {
        const result = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        if (!result.success) return null;
        parsed = result.data;
      } catch {
        return null;
      }
      if (parsed.e <= clock.now().getTime()) return null;
      return { companyId: parsed.c, userId: parsed.u, expiresAt: parsed.e };
    },
  };
}
