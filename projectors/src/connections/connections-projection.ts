import {
  type CategoryEvent,
  type CompanyDeletedEvent,
  type ConnectedAccountEvent,
  type ConnectionProcessEvent,
  GMB_ACCOUNTS_COLLECTION,
  GMB_CATEGORIES_COLLECTION,
  GMB_CONNECTION_PROCESSES_COLLECTION,
  type GmbAccountDoc,
  type GmbCategoryDoc,
  type GmbConnectionProcessDoc,
} from '@locus/contracts';
import type { ProjectionDefinition } from '@locus/platform/ports';

type HandledEvent = ConnectionProcessEvent | ConnectedAccountEvent | CategoryEvent;

/**
 * Connected Google accounts (`gmb-accounts`), connection processes with their import
 * progress (`gmb-connection-processes`) and Google's categories (`gmb-categories`).
 * No token, sealed or not, reaches these documents.
 */
export const connectionsProjection: ProjectionDefinition<HandledEvent | CompanyDeletedEvent> = {
  name: 'connections',
  version: 1,
  collections: [
    { name: GMB_ACCOUNTS_COLLECTION, indexes: [{ key: { companyId: 1, connectedAt: -1 } }, { key: { companyId: 1, name: 1 } }] },
    { name: GMB_CONNECTION_PROCESSES_COLLECTION, indexes: [{ key: { companyId: 1, createdAt: -1 } }] },
    { name: GMB_CATEGORIES_COLLECTION, indexes: [{ key: { displayNameLower: 1 } }] },
  ],
  handles: [
    'GoogleAuthorizationGranted',
    'LocationsImportRequested',
    'LocationsImportProgressed',
    'LocationsImportFailed',
    'GoogleAccountConnected',
    'GoogleAccountDisconnected',
    'GoogleCategoriesFetched',
    'CompanyDeleted',
  ],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    if (event.type === 'CompanyDeleted') {
      const { companyId } = event.data;
      for (const c of [GMB_ACCOUNTS_COLLECTION, GMB_CONNECTION_PROCESSES_COLLECTION]) for (const d of await docs.find(c, { companyId })) docs.delete(c, d._id);
      return;
    }
    switch (event.type) {
      case 'GoogleAuthorizationGranted': {
        const d = event.data;
        const doc: GmbConnectionProcessDoc = {
          _id: d.processId,
          companyId: d.companyId,
          userId: d.userId,
          googleUserEmail: d.googleUser.email,
          googleUserFullName: d.googleUser.name,
          accounts: d.accounts,
          isNewCompany: d.isNewCompany,
          expiresAt: d.expiresAt,
          status: 'awaiting-selection',
          selectedAccountNames: [],
          progressPercentage: 0,
          processed: 0,
          total: 0,
          currentLocation: null,
          errorMessage: null,
          createdAt: at,
        };
        docs.put(GMB_CONNECTION_PROCESSES_COLLECTION, doc);
        return;
      }
      case 'LocationsImportRequested': {
        const doc = await docs.get<GmbConnectionProcessDoc>(GMB_CONNECTION_PROCESSES_COLLECTION, event.data.processId);
        if (!doc) return;
        docs.put(GMB_CONNECTION_PROCESSES_COLLECTION, {
          ...doc,
          status: 'importing',
          selectedAccountNames: event.data.accountNames,
          progressPercentage: 0,
          processed: 0,
          total: 0,
          currentLocation: null,
          errorMessage: null,
        });
        return;
      }
      case 'LocationsImportProgressed': {
        const d = event.data;
        const doc = await docs.get<GmbConnectionProcessDoc>(GMB_CONNECTION_PROCESSES_COLLECTION, d.processId);
        if (!doc) return;
        docs.put(GMB_CONNECTION_PROCESSES_COLLECTION, {
          ...doc,
          status: d.progressPercentage >= 100 ? 'completed' : 'importing',
          progressPercentage: d.progressPercentage,
          processed: d.processed,
          total: d.total,
          currentLocation: d.currentLocation ?? doc.currentLocation,
          errorMessage: null,
        });
        return;
      }
      case 'LocationsImportFailed': {
        const doc = await docs.get<GmbConnectionProcessDoc>(GMB_CONNECTION_PROCESSES_COLLECTION, event.data.processId);
        if (!doc) return;
        docs.put(GMB_CONNECTION_PROCESSES_COLLECTION, { ...doc, status: 'failed', errorMessage: event.data.message });
        return;
      }
      case 'GoogleAccountConnected': {
        const d = event.data;
        const doc: GmbAccountDoc = {
          _id: d.connectionId,
          companyId: d.companyId,
          name: d.accountName,
          accountName: d.accountDisplayName,
          accountType: d.accountType,
          googleUserEmail: d.googleUser.email,
          googleUserFullName: d.googleUser.name,
          googleUserProfileImage: d.googleUser.picture,
          connected: true,
          connectedAt: at,
          disconnectedAt: null,
          processId: d.processId,
        };
        docs.put(GMB_ACCOUNTS_COLLECTION, doc);
        return;
      }
      case 'GoogleAccountDisconnected':
        // The account's data leaves the read models; the event store keeps the history.
        docs.delete(GMB_ACCOUNTS_COLLECTION, event.data.connectionId);
        return;
      case 'GoogleCategoriesFetched': {
        const keep = new Set(event.data.categories.map((c) => c.name));
        for (const old of await docs.find<GmbCategoryDoc>(GMB_CATEGORIES_COLLECTION, {}))
          if (!keep.has(old._id)) docs.delete(GMB_CATEGORIES_COLLECTION, old._id);
        for (const c of event.data.categories) {
          const doc: GmbCategoryDoc = { _id: c.name, companyId: null, name: c.name, displayName: c.displayName, displayNameLower: c.displayName.toLowerCase() };
          docs.put(GMB_CATEGORIES_COLLECTION, doc);
        }
        return;
      }
      case 'GoogleSignInSucceeded':
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [connectionsProjection];
