import {
  SESSION_BLOCKS_COLLECTION,
  companyBlockId,
  tokenBlockId,
  userBlockId,
  userSessionsBlockId,
  type CompanyEvent,
  type SessionBlockDoc,
  type SessionEvent,
  type UserEvent,
} from '@locus/contracts';
import type { ProjectionDefinition, RecordedEvent } from '@locus/platform/ports';

/** Blocked principals read by the session validator (see contracts/src/identity/read-models.ts). */
export const sessionBlocksProjection: ProjectionDefinition = {
  name: 'session-blocks',
  version: 2,
  collections: [{ name: SESSION_BLOCKS_COLLECTION, indexes: [{ key: { companyId: 1 } }] }],
  handles: ['UserDeactivated', 'UserActivated', 'UserDeleted', 'PasswordChanged', 'CompanyDeactivated', 'CompanyActivated', 'CompanyDeleted', 'SessionEnded'],
  evolve(recorded: RecordedEvent, docs) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent | CompanyEvent | SessionEvent;
    const since = recorded.metadata.occurredAt;
    const block = (doc: Pick<SessionBlockDoc, '_id' | 'companyId' | 'kind' | 'reason' | 'keepTokenId'>) => {
      const full: SessionBlockDoc = { ...doc, since };
      docs.put(SESSION_BLOCKS_COLLECTION, full);
    };
    switch (event.type) {
      case 'UserDeactivated':
        return block({ _id: userBlockId(event.data.userId), companyId: event.data.companyId, kind: 'user', reason: 'deactivated' });
      case 'UserDeleted':
        return block({ _id: userBlockId(event.data.userId), companyId: event.data.companyId, kind: 'user', reason: 'deleted' });
      case 'PasswordChanged':
        // Every session signed in before the change ends, but the one that made it.
        return block({
          _id: userSessionsBlockId(event.data.userId),
          companyId: recorded.metadata.companyId ?? null,
          kind: 'sessions',
          reason: 'password-changed',
          ...(event.data.keepTokenId ? { keepTokenId: event.data.keepTokenId } : {}),
        });
      case 'UserActivated':
        return docs.delete(SESSION_BLOCKS_COLLECTION, userBlockId(event.data.userId));
      case 'CompanyDeactivated':
        return block({ _id: companyBlockId(event.data.companyId), companyId: event.data.companyId, kind: 'company', reason: 'deactivated' });
      case 'CompanyDeleted':
        return block({ _id: companyBlockId(event.data.companyId), companyId: event.data.companyId, kind: 'company', reason: 'deleted' });
      case 'SessionEnded':
        return block({ _id: tokenBlockId(event.data.tokenId), companyId: event.data.companyId, kind: 'token', reason: 'logged-out' });
      case 'CompanyActivated':
        return docs.delete(SESSION_BLOCKS_COLLECTION, companyBlockId(event.data.companyId));
      default:
        // The other events block or release no session.
        break;
    }
  },
};

export const projections: ProjectionDefinition[] = [sessionBlocksProjection];
