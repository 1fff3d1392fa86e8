import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const OperationsPage = lazy(() => import('./components/operations-page'));

export const opsWeb = {
  name: 'ops',
  pages: [{ path: '/operations', page: OperationsPage, title: 'Operations' }],
  tagTypes: ['OpsStatus'] as const,
  collectionTags: {
    'ops-status': ['OpsStatus'],
  },
  slots: {},
} satisfies WebManifest;
