import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { useCurrentUser } from '@web/shared/session/session-context';
import { AppLayout, type RouteHandle } from './layout/app-layout';
import { landingPathFor, LOGIN_PATH, routeAccess, type GuardedPath } from './route-access';
import { Guard } from './route-guard';

const LoginPage = lazy(() => import('@web/features/identity/components/login-page'));
const ForgotPasswordPage = lazy(() => import('@web/features/identity/components/forgot-password-page'));
const GoogleCallbackPage = lazy(() => import('@web/features/identity/components/google-callback-page'));
const CompaniesPage = lazy(() => import('@web/features/companies/components/companies-page'));
const CompanyUsersPage = lazy(() => import('@web/features/companies/components/company-users-page'));
const UsersPage = lazy(() => import('@web/features/users/components/users-page'));
const AzureConnectPage = lazy(() => import('@web/features/users/components/azure-connect-page'));
const AzureAccountsPage = lazy(() => import('@web/features/users/components/azure-accounts-page'));
const WorkspaceConnectPage = lazy(() => import('@web/features/users/components/workspace-connect-page'));
const SettingsPage = lazy(() => import('@web/features/settings/components/settings-page'));
const ProfilePage = lazy(() => import('@web/features/profile/components/profile-page'));
const StaffPage = lazy(() => import('@web/features/staff/components/staff-page'));
const LocationGroupsPage = lazy(() => import('@web/features/location-groups/components/location-groups-page'));
const ConnectedAccountsPage = lazy(() => import('@web/features/connections/components/connected-accounts-page'));
const AccountConnectedPage = lazy(() => import('@web/features/connections/components/account-connected-page'));
const LocationsPage = lazy(() => import('@web/features/locations/directory/locations-page'));
const AccountLocationsPage = lazy(() => import('@web/features/locations/directory/account-locations-page'));
const LocationDetailsPage = lazy(() => import('@web/features/locations/details/location-details-page'));
const CompanyReviewsPage = lazy(() => import('@web/features/reviews/components/company-reviews-page'));
const BulkEditPage = lazy(() => import('@web/features/locations/bulk-edit/bulk-edit-page'));
const DefaultLocationPage = lazy(() => import('@web/features/locations/defaults/default-location-page'));
const OperationsPage = lazy(() => import('@web/features/ops/components/operations-page'));
const HistoryPage = lazy(() => import('@web/features/audit/components/history-page'));
const TemplatesPage = lazy(() => import('@web/features/templates/components/templates-page'));
const DashboardPage = lazy(() => import('@web/features/insights/components/dashboard-page'));
const BrandSettingsPage = lazy(() => import('@web/features/reviews-ai/components/brand-settings-page'));
const ApproveReviewPage = lazy(() => import('@web/features/reviews-ai/components/approve-review-page'));

const RootRedirect = () => {
  const user = useCurrentUser();
  return <Navigate to={user ? landingPathFor(user.role) : LOGIN_PATH} replace />;
};

const guarded = (path: GuardedPath, Page: LazyExoticComponent<ComponentType>, title: string): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  element: (
    <Guard access={routeAccess[path]}>
      <Page />
    </Guard>
  ),
});

/** Spec part 1 §2 and part 2 §2 route tables. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      guarded('/login', LoginPage, 'Login'),
      guarded('/signup', LoginPage, 'Sign up'),
      guarded('/forget-password', ForgotPasswordPage, 'Forgot password'),
      guarded('/google-auth-callback', GoogleCallbackPage, 'Google sign-in'),
      guarded('/companies', CompaniesPage, 'Companies'),
      guarded('/companies/azure-connect', AzureConnectPage, 'Azure Connect'),
      guarded('/companies/:companyId/users', CompanyUsersPage, 'Company Users'),
      guarded('/azure-accounts', AzureAccountsPage, 'Azure Accounts'),
      guarded('/google-workspace-callback', WorkspaceConnectPage, 'Google Workspace'),
      guarded('/users', UsersPage, 'Users'),
      guarded('/staff', StaffPage, 'Staff'),
      guarded('/metadeta', SettingsPage, 'Settings'),
      guarded('/profile', ProfilePage, 'User Profile'),
      guarded('/brandsettings', BrandSettingsPage, 'Brand Settings'),
      guarded('/approve-review', ApproveReviewPage, 'Approve Review'),
      guarded('/operations', OperationsPage, 'Operations'),
      guarded('/history', HistoryPage, 'History'),
      // features built by later work: reachable from the menu, no data shown yet
      guarded('/dashboard', DashboardPage, 'Dashboard'),
      guarded('/locations', LocationsPage, 'Locations'),
      guarded('/locations/:id', LocationDetailsPage, 'Location Details'),
      guarded('/:locationId/location-details', LocationDetailsPage, 'Location Details'),
      guarded('/:accountId/locations', AccountLocationsPage, 'Locations'),
      guarded('/bulk-edit', BulkEditPage, 'Bulk Edits'),
      guarded('/location-groups', LocationGroupsPage, 'Location Groups'),
      guarded('/default-location', DefaultLocationPage, 'Location Default(s)'),
      guarded('/company-reviews', CompanyReviewsPage, 'Reviews'),
      guarded('/location-template', TemplatesPage, 'Location Post Templates'),
      guarded('/connected-accounts', ConnectedAccountsPage, 'Connections'),
      guarded('/account-connected/:processId/:isNewCompanyCreated', AccountConnectedPage, 'Connections'),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];
