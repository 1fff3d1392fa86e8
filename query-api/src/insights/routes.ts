import {
  LOCATIONS_COLLECTION,
  dashboardFetchRoute,
  locationErrors,
  metricsInsightsRoute,
  reviewsGrowthInsightsRoute,
  type LocationDoc,
} from '@locus/contracts';
import { fail, implement, ok, requireLocationRight, type AnyRequest, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { createInsightsReader } from './dashboard';
import { createReviewsSource } from './reviews-source';
import { callerScope, type InsightsScope } from './scope';
import { groupLocationIds } from '../location-groups/public';
import { gettingStartedRoutes } from './getting-started';

export function insightsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const reader = createInsightsReader(deps, createReviewsSource(deps.readModels));

  /** The caller's scope, narrowed to one location of it when the body names one (404 otherwise). */
  async function scopeOf(req: AnyRequest, locationId: string | null): Promise<InsightsScope> {
    const scope = await callerScope(deps.readModels, req);
    if (locationId === null) return scope;
    const doc = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: locationId, companyId: scope.companyId });
    if (!doc) throw fail(locationErrors.notFound);
    await requireLocationRight(deps.readModels, req.auth, locationId, 'read');
    return { companyId: scope.companyId, locationIds: [locationId] };
  }

  /** The `GroupId` filter: the scope narrowed to the locations of one of the company's groups (404 for another's). */
  async function inGroup(scope: InsightsScope, groupId: string | null | undefined): Promise<InsightsScope> {
    if (!groupId) return scope;
    const ids = await groupLocationIds(deps.readModels, scope.companyId, groupId);
    return { companyId: scope.companyId, locationIds: scope.locationIds ? scope.locationIds.filter((id) => ids.includes(id)) : ids };
  }

  const fetch = implement(dashboardFetchRoute, async (req) => {
    const scope = await inGroup(await callerScope(deps.readModels, req), req.query.groupId);
    const data = await reader.dashboard(scope, {
      durationDays: req.params.durationDays,
      charts: req.params.flag,
      // spec part 1 §2: the missing-email warning is a CompanyAdmin's; the auditor reads what an admin reads
      withMissingEmail: req.auth!.role === 'CompanyAdmin' || req.auth!.role === 'CompanyAuditor',
    });
    return ok(data);
  });

  const metrics = implement(metricsInsightsRoute, async (req) => {
    const scope = await inGroup(await scopeOf(req, req.body.LocationId), req.body.GroupId);
    return ok(await reader.series(scope, req.body.Metric, req.body.InsightsDurationDays));
  });

  const reviewsGrowth = implement(reviewsGrowthInsightsRoute, async (req) => {
    const scope = await inGroup(await scopeOf(req, req.body.LocationId), req.body.GroupId);
    return ok(await reader.reviewsGrowth(scope, req.body.InsightsDurationDays));
  });

  return [fetch, metrics, reviewsGrowth, ...gettingStartedRoutes(deps)];
}
