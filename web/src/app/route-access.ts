import type { Role } from '@locus/contracts';

/** Who may open a route (spec part 2 §2 Routes). */
export type RouteAccess =
  | { kind: 'public' } // no guard (callback pages, approval page)
  | { kind: 'visitor' } // login, signup, forgot password: signed-in users are sent to their landing page
  | { kind: 'authenticated'; roles?: readonly Role[] };

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';

/** Administrator lands on /companies; company admins and users on /dashboard. */
export const landingPathFor = (role: Role): string => (role === 'Administrator' ? '/companies' : '/dashboard');

export const decideAccess = (access: RouteAccess, role: Role | null): AccessDecision => {
  switch (access.kind) {
    case 'public':
      return { kind: 'allow' };
    case 'visitor':
      return role ? { kind: 'redirect', to: landingPathFor(role) } : { kind: 'allow' };
    case 'authenticated':
      if (!role) return { kind: 'redirect', to: LOGIN_PATH };
      if (access.roles && !access.roles.includes(role)) return { kind: 'redirect', to: landingPathFor(role) };
      return { kind: 'allow' };
    default: {
      const never: never = access;
      return never;
    }
  }
};

const ADMIN: readonly Role[] = ['Administrator'];
const COMPANY_ADMIN: readonly Role[] = ['CompanyAdmin'];
/** Read screens of a company: its admins, users and auditors (an auditor's writes answer 403). */
const COMPANY_MEMBERS: readonly Role[] = ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor'];
const AUDITORS: readonly Role[] = ['CompanyAdmin', 'CompanyAuditor'];

/** The route table's guards, by path pattern (react-router syntax). */
export const routeAccess = {
  '/login': { kind: 'visitor' },
  '/signup': { kind: 'visitor' },
  '/forget-password': { kind: 'visitor' },
  '/companies': { kind: 'authenticated', roles: ADMIN },
  '/companies/:companyId/users': { kind: 'authenticated', roles: ADMIN },
  '/companies/azure-connect': { kind: 'public' },
  '/azure-accounts': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/google-workspace-callback': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/google-auth-callback': { kind: 'public' },
  '/dashboard': { kind: 'authenticated', roles: COMPANY_MEMBERS },
  '/connected-accounts': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/account-connected/:processId/:isNewCompanyCreated': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/locations': { kind: 'authenticated', roles: COMPANY_MEMBERS },
  '/locations/:id': { kind: 'authenticated', roles: COMPANY_MEMBERS },
  '/:locationId/location-details': { kind: 'authenticated', roles: COMPANY_MEMBERS },
  '/:accountId/locations': { kind: 'authenticated', roles: COMPANY_MEMBERS },
  '/bulk-edit': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/location-groups': { kind: 'authenticated', roles: AUDITORS },
  '/default-location': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/location-template': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/company-reviews': { kind: 'authenticated' },
  '/users': { kind: 'authenticated', roles: COMPANY_ADMIN },
  '/staff': { kind: 'authenticated', roles: ['CompanyUser'] },
  '/operations': { kind: 'authenticated', roles: ADMIN },
  '/metadeta': { kind: 'authenticated', roles: ['CompanyAdmin', 'Administrator'] },
  '/profile': { kind: 'authenticated' },
  '/brandsettings': { kind: 'authenticated' },
  '/approve-review': { kind: 'public' },
  '/history': { kind: 'authenticated', roles: AUDITORS },
} as const satisfies Record<string, RouteAccess>;

export type GuardedPath = keyof typeof routeAccess;
