import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const LocationsPage = lazy(() => import('./directory/locations-page'));
const LocationDetailsPage = lazy(() => import('./details/location-details-page'));
const AccountLocationsPage = lazy(() => import('./directory/account-locations-page'));
const BulkEditPage = lazy(() => import('./bulk-edit/bulk-edit-page'));
const DefaultLocationPage = lazy(() => import('./defaults/default-location-page'));

export const locationsWeb = {
  name: 'locations',
  pages: [
    { path: '/locations', page: LocationsPage, title: 'Locations' },
    { path: '/locations/:id', page: LocationDetailsPage, title: 'Location Details' },
    { path: '/:locationId/location-details', page: LocationDetailsPage, title: 'Location Details' },
    { path: '/:accountId/locations', page: AccountLocationsPage, title: 'Locations' },
    { path: '/bulk-edit', page: BulkEditPage, title: 'Bulk Edits' },
    { path: '/default-location', page: DefaultLocationPage, title: 'Location Default(s)' },
  ],
  tagTypes: ['Location', 'UserLocation', 'LocationDefault', 'Media', 'Post', 'Question', 'Publisher', 'Category', 'BulkEditJob', 'BulkEditOutcome'] as const,
  collectionTags: {
    locations: ['Location', 'Dashboard'],
    'location-users': ['UserLocation', 'Location'],
    // the location-users projection's own copy of each location: no screen reads it
    'location-link-sources': [],
    'bulk-edit-jobs': ['BulkEditJob'],
    // the outcome pages shown, by their rows' ids (not the job's counts: those come from bulk-edit-jobs)
    'bulk-edit-outcomes': ['BulkEditOutcome'],
    'location-defaults': ['LocationDefault'],
    'location-posts': ['Post'],
    'location-media': ['Media'],
    'location-questions': ['Question'],
  },
  slots: {
    userLocationsPanel: lazy(() => import('./assignments/associated-locations-panel').then((m) => ({ default: m.AssociatedLocationsPanel }))),
    companyLocations: lazy(() => import('./directory/company-locations-tab').then((m) => ({ default: m.CompanyLocationsTab }))),
    locationUsersDialog: lazy(() => import('./assignments/location-users-dialog').then((m) => ({ default: m.LocationUsersDialog }))),
    dashboardListingHealth: lazy(() => import('./health/listing-health-tile').then((m) => ({ default: m.ListingHealthTile }))),
  },
} satisfies WebManifest;
