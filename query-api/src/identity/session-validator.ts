import { SESSION_BLOCKS_COLLECTION, endsSession, sessionBlockIds, type SessionBlockDoc } from '@locus/contracts';
import type { ReadModels, SessionValidator } from '@locus/platform';

/**
 * Rejects a verified token whose user, company or (when viewing a company) administrator has
 * been deleted or deactivated, or that was signed in before its user's password changed, as soon as the session-blocks projection has seen the event.
 * (Same check as command-api/src/identity/session-validator.ts; each API owns its copy so
 * neither package imports the other.)
 */
export function createSessionValidator(readModels: Pick<ReadModels, 'collection'>): SessionValidator {
  return async function validateSession(auth) {
    const blocks = readModels.collection<SessionBlockDoc>(SESSION_BLOCKS_COLLECTION);
    const found = await blocks.find({ _id: { $in: sessionBlockIds(auth) } }, { projection: { kind: 1, since: 1, keepTokenId: 1 } });
    return !found.some((block) => endsSession(auth, block));
  };
}
