import { SESSION_BLOCKS_COLLECTION, endsSession, sessionBlockIds, type SessionBlockDoc } from '@locus/contracts';
import type { Filter } from '../read-store/read-store';
import type { ReadModels, SessionValidator } from '../runtime/deps';
import type { AuthContext } from './route-handler';

const BLOCK_FIELDS = { projection: { kind: 1, since: 1, keepTokenId: 1 } } as const;
/** Tokens whose block ids are kept (when full, start over: the busy ones come back at once). */
const FILTERS_KEPT = 10_000;

/** The claims `sessionBlockIds` reads besides the token id. */
const sameSubjects = (a: AuthContext, b: AuthContext) =>
  a.userId === b.userId && a.companyId === b.companyId && a.viewingAsAdmin === b.viewingAsAdmin && a.adminUserId === b.adminUserId;

/**
 * Rejects a verified token whose user, company or (when viewing a company) administrator has
 * been deleted or deactivated, or that was signed in before its user's password changed, as soon as the
 * session-blocks projection has seen the event. Command-api and query-api both check with it.
 */
export function createSessionValidator(readModels: Pick<ReadModels, 'collection'>): SessionValidator {
  // A client sends the same token with every request: the ids of the blocks that could end its
  // session are worked out once per token (they follow from its claims alone), not per request.
  const filters = new Map<string, { auth: AuthContext; filter: Filter }>();
  const filterOf = (auth: AuthContext) => {
    const known = filters.get(auth.tokenId);
    if (known && sameSubjects(known.auth, auth)) return known.filter;
    if (filters.size >= FILTERS_KEPT) filters.clear();
    // Frozen: every request of the token shares it.
    const filter: Filter = Object.freeze({ _id: Object.freeze({ $in: Object.freeze(sessionBlockIds(auth)) }) });
    filters.set(auth.tokenId, { auth, filter });
    return filter;
  };
  return async function validateSession(auth) {
    const blocks = readModels.collection<SessionBlockDoc>(SESSION_BLOCKS_COLLECTION);
    const found = await blocks.find(filterOf(auth), BLOCK_FIELDS);
    return !found.some((block) => endsSession(auth, block));
  };
}
