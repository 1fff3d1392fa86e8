import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const AzureConnectPage = lazy(() => import('./components/azure-connect-page'));
const AzureAccountsPage = lazy(() => import('./components/azure-accounts-page'));
const WorkspaceConnectPage = lazy(() => import('./components/workspace-connect-page'));
const UsersPage = lazy(() => import('./components/users-page'));

export const usersWeb = {
  name: 'users',
  pages: [
    { path: '/companies/azure-connect', page: AzureConnectPage, title: 'Azure Connect' },
    { path: '/azure-accounts', page: AzureAccountsPage, title: 'Azure Accounts' },
    { path: '/google-workspace-callback', page: WorkspaceConnectPage, title: 'Google Workspace' },
    { path: '/users', page: UsersPage, title: 'Users' },
  ],
  tagTypes: ['User', 'AzureUser', 'AzureCredentials'] as const,
  collectionTags: {
    users: ['User', 'CompanyAdmin', 'Profile', 'Staff'],
    'azure-directories': ['AzureCredentials', 'AzureUser'],
    'azure-directory-users': ['AzureUser'],
  },
  slots: {},
} satisfies WebManifest;
