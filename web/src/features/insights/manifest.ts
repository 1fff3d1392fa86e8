import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const DashboardPage = lazy(() => import('./components/dashboard-page'));

export const insightsWeb = {
  name: 'insights',
  pages: [{ path: '/dashboard', page: DashboardPage, title: 'Dashboard' }],
  tagTypes: ['Dashboard'] as const,
  collectionTags: {
    'location-metrics': ['Dashboard'],
    'company-metrics': ['Dashboard'],
    'location-keywords': ['Location'],
    'dashboard-locations': ['Dashboard'],
    'dashboard-companies': ['Dashboard'],
  },
  slots: {
    locationInsights: lazy(() => import('./components/location-insights-sections').then((m) => ({ default: m.LocationInsightsSections }))),
  },
} satisfies WebManifest;
