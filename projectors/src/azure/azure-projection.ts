import type { ProjectionDefinition } from '@locus/platform/ports';
import {
  AZURE_DIRECTORIES_COLLECTION,
  AZURE_DIRECTORY_USERS_COLLECTION,
  type AzureDirectoryDoc,
  type AzureDirectoryUserDoc,
  type AzureEvent,
  azureEventTypes,
  type CompanyDeletedEvent,
} from '@locus/contracts';

/** The company's directory connection status and the directory users added to it: never a secret or a token. */
export const azureProjection: ProjectionDefinition<AzureEvent | CompanyDeletedEvent> = {
  name: 'azure',
  version: 1,
  collections: [
    { name: AZURE_DIRECTORIES_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    { name: AZURE_DIRECTORY_USERS_COLLECTION, indexes: [{ key: { companyId: 1, displayName: 1 } }, { key: { userId: 1 } }] },
  ],
  handles: [...azureEventTypes, 'CompanyDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    if (event.type === 'CompanyDeleted') {
      const { companyId } = event.data;
      docs.delete(AZURE_DIRECTORIES_COLLECTION, companyId);
      for (const doc of await docs.find(AZURE_DIRECTORY_USERS_COLLECTION, { companyId })) docs.delete(AZURE_DIRECTORY_USERS_COLLECTION, doc._id);
      return;
    }
    const companyId = event.data.companyId;
    const prev = await docs.get<AzureDirectoryDoc>(AZURE_DIRECTORIES_COLLECTION, companyId);
    const base: AzureDirectoryDoc = prev ?? {
      _id: companyId,
      companyId,
      clientId: null,
      tenantId: null,
      hasClientSecret: false,
      isConnected: false,
      connectedAt: null,
      connectedByUserId: null,
      credentialsUpdatedAt: null,
      connectedUsers: 0,
    };
    switch (event.type) {
      case 'AzureCredentialsSaved': {
        const sameApp = base.clientId === event.data.clientId && base.tenantId === event.data.tenantId;
        docs.put(AZURE_DIRECTORIES_COLLECTION, {
          ...base,
          clientId: event.data.clientId,
          tenantId: event.data.tenantId,
          hasClientSecret: true,
          credentialsUpdatedAt: at,
          ...(sameApp ? {} : { isConnected: false, connectedAt: null, connectedByUserId: null }),
        });
        return;
      }
      case 'AzureDirectoryConnected':
        docs.put(AZURE_DIRECTORIES_COLLECTION, { ...base, isConnected: true, connectedAt: at, connectedByUserId: event.data.connectedByUserId });
        return;
      case 'AzureTokensRefreshed':
        return;
      case 'AzureDirectoryConnectionLost':
        docs.put(AZURE_DIRECTORIES_COLLECTION, { ...base, isConnected: false });
        return;
      case 'AzureDirectoryUserConnected': {
        const id = `${companyId}:${event.data.directoryUserId}`;
        const existed = await docs.get(AZURE_DIRECTORY_USERS_COLLECTION, id);
        const doc: AzureDirectoryUserDoc = {
          _id: id,
          companyId,
          directoryUserId: event.data.directoryUserId,
          displayName: event.data.displayName,
          userPrincipalName: event.data.userPrincipalName,
          userId: event.data.userId,
          connectedAt: at,
        };
        docs.put(AZURE_DIRECTORY_USERS_COLLECTION, doc);
        docs.put(AZURE_DIRECTORIES_COLLECTION, { ...base, connectedUsers: base.connectedUsers + (existed ? 0 : 1) });
        return;
      }
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [azureProjection];
