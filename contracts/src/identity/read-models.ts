/**
 * Session blocks: one document per blocked principal — a deleted or deactivated user
 * (`user:<id>`) or a deleted or deactivated company (`company:<id>`). The session validator
 * rejects a token whose user, company or (when viewing as administrator) administrator is blocked,
 * so tokens stop working as soon as the projection has seen the event.
 */
export const SESSION_BLOCKS_COLLECTION = 'session-blocks';

export interface SessionBlockDoc {
  _id: string;
  companyId: string | null;
  kind: 'user' | 'company';
  reason: 'deleted' | 'deactivated';
  since: string;
  [key: string]: unknown;
}

export const userBlockId = (userId: string) => `user:${userId}`;
export const companyBlockId = (companyId: string) => `company:${companyId}`;

/** The block ids that would end a session with these claims. */
export function sessionBlockIds(auth: { userId: string; companyId: string | null; adminUserId?: string; viewingAsAdmin?: boolean }): string[] {
  const ids = [userBlockId(auth.userId)];
  if (auth.companyId) ids.push(companyBlockId(auth.companyId));
  if (auth.viewingAsAdmin && auth.adminUserId) ids.push(userBlockId(auth.adminUserId));
  return ids;
}
