import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { failOn } from '@locus/platform/ports';
import { authErrors } from '@locus/contracts';

/**
 * The OAuth `state` parameter: which process, for whom and why, signed with a key derived
 * from the server's JWT secret and short-lived. The callback trusts nothing else from the
 * browser; a state is used once (its process stream is created with `no_stream`).
 */
export interface OAuthState {
  processId: string;
  /** connect: Business Profile; signin: Sign in with Google; workspace: the Workspace directory import. */
  purpose: 'connect' | 'signin' | 'workspace';
  userId: string | null;
  companyId: string | null;
  /** Epoch seconds. */
  expiresAt: number;
}

const keyOf = (secret: string) => createHash('sha256').update(`locus-google-oauth-state|${secret}`).digest();

export function signOAuthState(secret: string, state: OAuthState): string {
  const body = Buffer.from(JSON.stringify([state.processId, state.purpose, state.userId, state.companyId, state.expiresAt])).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

const invalidState = () => failOn(authErrors.googleStateInvalid, 'State');

/** Throws 400 AUTH.GOOGLE_STATE_INVALID for a forged, malformed or expired state. */
export function verifyOAuthState(secret: string, token: string, nowMs: number): OAuthState {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw invalidState();
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidState();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalidState();
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw invalidState();
  const [processId, purpose, userId, companyId, expiresAt] = parsed as unknown[];
  if (
    typeof processId !== 'string' ||
    (purpose !== 'connect' && purpose !== 'signin' && purpose !== 'workspace') ||
    (userId !== null && typeof userId !== 'string') ||
    (companyId !== null && typeof companyId !== 'string') ||
    typeof expiresAt !== 'number'
  ) {
    throw invalidState();
  }
  if (expiresAt * 1000 < nowMs) throw invalidState();
  return { processId, purpose, userId: userId as string | null, companyId: companyId as string | null, expiresAt };
}
