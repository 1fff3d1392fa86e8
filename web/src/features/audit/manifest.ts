import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const HistoryPage = lazy(() => import('./components/history-page'));

export const auditWeb = {
  name: 'audit',
  pages: [{ path: '/history', page: HistoryPage, title: 'History' }],
  tagTypes: ['History'] as const,
  collectionTags: {
    history: ['History'],
    'history-facets': ['History'],
    'history-entities': [],
    'history-actors': [],
  },
  slots: {},
} satisfies WebManifest;
