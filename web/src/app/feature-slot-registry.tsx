import { lazy } from 'react';
import type { FeatureSlots } from './feature-slots';

/** Which feature fills each slot; loaded on first use. */
export const featureSlots: FeatureSlots = {
  userLocationsPanel: lazy(() =>
    import('@web/features/locations/assignments/associated-locations-panel').then((m) => ({ default: m.AssociatedLocationsPanel })),
  ),
  companyLocations: lazy(() => import('@web/features/locations/directory/company-locations-tab').then((m) => ({ default: m.CompanyLocationsTab }))),
  locationReviews: lazy(() => import('@web/features/reviews/components/location-reviews-section').then((m) => ({ default: m.LocationReviewsSection }))),
  locationUsersDialog: lazy(() => import('@web/features/locations/assignments/location-users-dialog').then((m) => ({ default: m.LocationUsersDialog }))),
  locationInsights: lazy(() => import('@web/features/insights/components/location-insights-sections').then((m) => ({ default: m.LocationInsightsSections }))),
  locationGroupFilter: lazy(() => import('@web/features/location-groups/components/group-filter').then((m) => ({ default: m.GroupFilter }))),
  dashboardListingHealth: lazy(() => import('@web/features/locations/health/listing-health-tile').then((m) => ({ default: m.ListingHealthTile }))),
  reviewsAiPanel: lazy(() => import('@web/features/reviews-ai/components/ai-settings-panel').then((m) => ({ default: m.AiSettingsPanel }))),
};
