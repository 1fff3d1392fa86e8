import { failOn } from '@locus/platform/ports';
import { authErrors } from '@locus/contracts';
import { openState, signState, signedStateKey } from '../kit/signed-state';

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

const keyOf = (secret: string) => signedStateKey(secret, 'locus-google-oauth-state|');

export function signOAuthState(secret: string, state: OAuthState): string {
  return signState(keyOf(secret), [state.processId, state.purpose, state.userId, state.companyId, state.expiresAt]);
}

const invalidState = () => failOn(authErrors.googleStateInvalid, 'State');

/** Throws 400 AUTH.GOOGLE_STATE_INVALID for a forged, malformed or expired state. */
export function verifyOAuthState(secret: string, token: string, nowMs: number): OAuthState {
  const parsed = openState(keyOf(secret), token);
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
