import { routeTable } from '@locus/contracts';
import { projections } from '@locus/projectors/features';
import { sessionValidation } from '@locus/command-api/features';
import { openApiDocumentOf } from '@locus/query-api/docs/docs-routes';
import { describeRoleMatrix } from './harness';
import { mintIdentities, startMatrixStack } from './stack';
import { fixtureProviders } from './fixtures';

describeRoleMatrix({
  routeTable,
  providers: fixtureProviders.map((make) => make()),
  startStack: () => startMatrixStack({ projections, sessionValidation: sessionValidation !== null }),
  mintIdentities,
  openApi: openApiDocumentOf(routeTable),
});
