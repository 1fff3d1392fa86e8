import { opsErrors, opsProjectionsRoute, type OpsStatusReportDto } from '@locus/contracts';
import { fail, implement, ok, type RouteImplementation } from '@locus/platform';

export interface OpsStatusSource {
  status(): Promise<OpsStatusReportDto>;
}

/** `GET /api/ops/projections` (Administrator): the projector/reactor runtime's status. */
export function opsQueryRoutes(deps: { opsStatus?: OpsStatusSource }): RouteImplementation[] {
  return [
    implement(opsProjectionsRoute, async () => {
      if (!deps.opsStatus) throw fail(opsErrors.unavailable);
      return ok(await deps.opsStatus.status());
    }),
  ];
}
