import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const ConnectedAccountsPage = lazy(() => import('./components/connected-accounts-page'));
const AccountConnectedPage = lazy(() => import('./components/account-connected-page'));

export const connectionsWeb = {
  name: 'connections',
  pages: [
    { path: '/connected-accounts', page: ConnectedAccountsPage, title: 'Connections' },
    { path: '/account-connected/:processId/:isNewCompanyCreated', page: AccountConnectedPage, title: 'Connections' },
  ],
  tagTypes: ['Connection'] as const,
  collectionTags: {
    'gmb-accounts': ['Connection'],
    // an import's progress comes from its live notifications; the process is read again only after
    // a reconnect or resync (which refresh every tag), not on each of its many changes
    'gmb-connection-processes': [],
    'gmb-categories': ['Category'],
  },
  slots: {},
} satisfies WebManifest;
