import { lazy } from 'react';
import type { WebManifest } from '@web/app/feature-manifest';

const CompaniesPage = lazy(() => import('./components/companies-page'));
const CompanyUsersPage = lazy(() => import('./components/company-users-page'));

export const companiesWeb = {
  name: 'companies',
  pages: [
    { path: '/companies', page: CompaniesPage, title: 'Companies' },
    { path: '/companies/:companyId/users', page: CompanyUsersPage, title: 'Company Users' },
  ],
  tagTypes: ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin'] as const,
  collectionTags: {
    companies: ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin'],
    'company-directory': ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin'],
  },
  slots: {},
} satisfies WebManifest;
