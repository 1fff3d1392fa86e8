import { opsProjectionsRoute, type OpsStatusReportDto } from '@locus/contracts';
import { implement, ok, unavailable, type RouteImplementation } from '@locus/platform';

export interface OpsStatusSource {
  status(): Promise<OpsStatusReportDto>;
}

/** `GET /api/ops/projections` (Administrator): the projector/reactor runtime's status. */
export function opsQueryRoutes(deps: { opsStatus?: OpsStatusSource }): RouteImplementation[] {
  return [
    implement(opsProjectionsRoute, async () => {
      if (!deps.opsStatus) throw unavailable('OPS.UNAVAILABLE', 'Projection status is not available in this process');
      return ok(await deps.opsStatus.status());
    }),
  ];
}
