import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const SettingsPage = lazy(() => import('./components/settings-page'));

export const settingsWeb = {
  name: 'settings',
  pages: [{ path: '/metadeta', page: SettingsPage, title: 'Settings' }],
  tagTypes: ['CompanyVariable', 'AdminVariable', 'AdminLevelVariable'] as const,
  collectionTags: {
    'company-variables': ['CompanyVariable', 'AdminLevelVariable'],
    'admin-variables': ['AdminVariable', 'AdminLevelVariable', 'CompanyVariable'],
    'company-admin-variable-values': ['AdminLevelVariable', 'CompanyVariable'],
  },
  slots: {},
} satisfies WebManifest;
