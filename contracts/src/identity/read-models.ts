/**
 * Session blocks: one document per blocked principal — a deleted or deactivated user
 * (`user:<id>`), a deleted or deactivated company (`company:<id>`), or the sessions a user
 * signed in before their last password change or reset (`sessions:<id>`), or one session its
 * user logged out of (`token:<tokenId>`). The session
 * validator rejects a token whose user, company or (when viewing as administrator)
 * administrator is blocked, so tokens stop working as soon as the projection has seen the event.
 */
export const SESSION_BLOCKS_COLLECTION = 'session-blocks';

export interface SessionBlockDoc {
  _id: string;
  companyId: string | null;
  /** `sessions`: the user's sessions signed in before `since` (a password change or reset). */
  kind: 'user' | 'company' | 'sessions' | 'token';
  reason: 'deleted' | 'deactivated' | 'password-changed' | 'logged-out';
  since: string;
  /** kind `sessions`: the token id of the session that changed the password, which stays valid. */
  keepTokenId?: string;
  [key: string]: unknown;
}

export const userBlockId = (userId: string) => `user:${userId}`;
export const companyBlockId = (companyId: string) => `company:${companyId}`;
export const userSessionsBlockId = (userId: string) => `sessions:${userId}`;
export const tokenBlockId = (tokenId: string) => `token:${tokenId}`;

interface SessionClaims {
  userId: string;
  companyId: string | null;
  adminUserId?: string;
  viewingAsAdmin?: boolean;
  tokenId: string;
  /** The token's `iat`, seconds since the epoch (with milliseconds). */
  issuedAt?: number;
}

/** The block ids that would end a session with these claims. */
export function sessionBlockIds(auth: Omit<SessionClaims, 'tokenId' | 'issuedAt'> & { tokenId?: string }): string[] {
  const ids = [userBlockId(auth.userId), userSessionsBlockId(auth.userId)];
  if (auth.tokenId) ids.push(tokenBlockId(auth.tokenId));
  if (auth.companyId) ids.push(companyBlockId(auth.companyId));
  if (auth.viewingAsAdmin && auth.adminUserId) ids.push(userBlockId(auth.adminUserId), userSessionsBlockId(auth.adminUserId));
  return ids;
}

/**
 * Whether one of the block documents found for `sessionBlockIds(auth)` ends this session: any
 * user or company block does; a `sessions` block does for tokens issued before it, except the
 * session that changed the password.
 */
export function endsSession(auth: SessionClaims, block: Pick<SessionBlockDoc, 'kind' | 'since' | 'keepTokenId'>): boolean {
  if (block.kind !== 'sessions') return true;
  if (block.keepTokenId !== undefined && block.keepTokenId === auth.tokenId) return false;
  // Issued in the same millisecond as the change counts as before it.
  return auth.issuedAt === undefined || Math.round(auth.issuedAt * 1000) <= Date.parse(block.since);
}
