import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const LocationGroupsPage = lazy(() => import('./components/location-groups-page'));

export const locationGroupsWeb = {
  name: 'location-groups',
  pages: [{ path: '/location-groups', page: LocationGroupsPage, title: 'Location Groups' }],
  tagTypes: ['LocationGroup'] as const,
  collectionTags: {
    // a group's locations filter the directory, dashboard and reviews
    'location-groups': ['LocationGroup', 'Location', 'Dashboard', 'Review', 'ReviewSummary'],
    'location-group-access': ['LocationGroup', 'Location', 'Dashboard', 'Review', 'ReviewSummary'],
  },
  slots: {
    locationGroupFilter: lazy(() => import('./components/group-filter').then((m) => ({ default: m.GroupFilter }))),
  },
} satisfies WebManifest;
