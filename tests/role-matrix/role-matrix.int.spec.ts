import { routeTable } from '@locus/contracts';
import { describeRoleMatrix } from './harness';
import { mintIdentities, startMatrixStack } from './stack';
import { fixtureProviders } from './fixtures';

describeRoleMatrix({
  routeTable,
  providers: fixtureProviders.map((make) => make()),
  startStack: () => startMatrixStack({ projections: [] }),
  mintIdentities,
});
