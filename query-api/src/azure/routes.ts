import { AZURE_DIRECTORIES_COLLECTION, type AzureDirectoryDoc, getAzureCredentialsRoute } from '@locus/contracts';
import { implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';

/** The Important Notice! dialog's stored values: ids only; the client secret is never returned. */
export function azureQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  return [
    implement(getAzureCredentialsRoute, async (req) => {
      const doc = await deps.readModels.collection<AzureDirectoryDoc>(AZURE_DIRECTORIES_COLLECTION).findOne({ _id: req.auth!.companyId });
      return ok({
        AzureClientId: doc?.clientId ?? null,
        AzureTenantId: doc?.tenantId ?? null,
        HasAzureClientSecret: doc?.hasClientSecret ?? false,
        IsConnected: doc?.isConnected ?? false,
        ConnectedAt: doc?.connectedAt ?? null,
      });
    }),
  ];
}
