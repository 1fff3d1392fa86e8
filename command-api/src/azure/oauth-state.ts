import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '@locus/platform/ports';
import { openState, signState, signedStateKey } from '../kit/signed-state';

/**
 * The OAuth `state` of the Azure consent: signed (HMAC-SHA256 with a key derived from the
 * JWT secret), bound to the company and user who started it, valid for 15 minutes.
 */
export const STATE_TTL_MS = 15 * 60 * 1000;

const PayloadSchema = z.object({ c: z.string(), u: z.string(), n: z.string(), e: z.number() });
export type OAuthStatePayload = { companyId: string; userId: string; expiresAt: number };

export function createOAuthStateSigner(jwtSecret: string, clock: Clock) {
  const key = signedStateKey(jwtSecret, 'locus:azure-oauth-state:');
  return {
    sign(companyId: string, userId: string): string {
      return signState(key, { c: companyId, u: userId, n: randomBytes(12).toString('base64url'), e: clock.now().getTime() + STATE_TTL_MS });
    },
    /** The payload of a well-signed, unexpired state; null otherwise. */
    verify(state: string): OAuthStatePayload | null {
      const result = PayloadSchema.safeParse(openState(key, state));
      if (!result.success || result.data.e <= clock.now().getTime()) return null;
      return { companyId: result.data.c, userId: result.data.u, expiresAt: result.data.e };
    },
  };
}
