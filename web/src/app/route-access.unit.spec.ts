import { describe, expect, it } from 'vitest';
import type { Role } from '@locus/contracts';
import { decideAccess, landingPathFor, routeAccess, type GuardedPath } from './route-access';
import { breadcrumbTrail, navigationFor } from './layout/navigation';

const ROLES: Role[] = ['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor'];
const allowed = (path: GuardedPath, role: Role | null) => decideAccess(routeAccess[path], role).kind === 'allow';

describe('route guards', () => {
  it('sends visitors of guarded routes to /login', () => {
    for (const path of ['/companies', '/users', '/metadeta', '/profile', '/dashboard', '/staff', '/company-reviews'] as const) {
      expect(decideAccess(routeAccess[path], null)).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('sends signed-in users away from login, signup and forgot password to their landing page', () => {
    for (const path of ['/login', '/signup', '/forget-password'] as const) {
      expect(decideAccess(routeAccess[path], 'Administrator')).toEqual({ kind: 'redirect', to: '/companies' });
      expect(decideAccess(routeAccess[path], 'CompanyAdmin')).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideAccess(routeAccess[path], 'CompanyUser')).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(allowed(path, null)).toBe(true);
    }
  });

  it('follows the routes table by role', () => {
    const table: Array<[GuardedPath, Role[]]> = [
      ['/companies', ['Administrator']],
      ['/companies/:companyId/users', ['Administrator']],
      ['/dashboard', ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']],
      ['/locations', ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']],
      ['/locations/:id', ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']],
      ['/:locationId/location-details', ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']],
      ['/:accountId/locations', ['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']],
      ['/history', ['CompanyAdmin', 'CompanyAuditor']],
      ['/account-connected/:processId/:isNewCompanyCreated', ['CompanyAdmin']],
      ['/connected-accounts', ['CompanyAdmin']],
      ['/bulk-edit', ['CompanyAdmin']],
      ['/default-location', ['CompanyAdmin']],
      ['/location-template', ['CompanyAdmin']],
      ['/users', ['CompanyAdmin']],
      ['/staff', ['CompanyUser']],
      ['/metadeta', ['CompanyAdmin', 'Administrator']],
      ['/profile', ROLES],
      ['/company-reviews', ROLES],
    ];
    for (const [path, roles] of table) {
      for (const role of ROLES) expect(allowed(path, role), `${path} as ${role}`).toBe(roles.includes(role));
    }
  });

  it('redirects a role outside the list to its landing page, never in a loop', () => {
    expect(decideAccess(routeAccess['/users'], 'Administrator')).toEqual({ kind: 'redirect', to: '/companies' });
    expect(decideAccess(routeAccess['/companies'], 'CompanyUser')).toEqual({ kind: 'redirect', to: '/dashboard' });
    for (const role of ROLES) {
      const landing = landingPathFor(role) as GuardedPath;
      expect(allowed(landing, role)).toBe(true);
    }
  });

  it('leaves callback pages unguarded', () => {
    expect(allowed('/companies/azure-connect', null)).toBe(true);
    expect(allowed('/google-auth-callback', null)).toBe(true);
  });
});

describe('sidebar by role', () => {
  const labels = (role: Role) => navigationFor(role).map((i) => (i.children ? `${i.label}(${i.children.map((c) => c.label).join(',')})` : i.label));

  it('lists the spec menus', () => {
    // Operations (projections and reactors, Administrator only)
    expect(labels('Administrator')).toEqual(['Companies', 'Settings', 'Operations']);
    expect(labels('CompanyAdmin')).toEqual([
      'Dashboard',
      'Locations(Directory,Bulk Edits,Groups,Template)',
      'Reviews',
      'Post Templates',
      'Connections',
      'Users',
      'Settings',
      'History',
    ]);
    // Company users reach their Staff page from the menu
    expect(labels('CompanyUser')).toEqual(['Dashboard', 'Locations', 'Reviews', 'Staff']);
    // Auditors read the company's screens and its history
    expect(labels('CompanyAuditor')).toEqual(['Dashboard', 'Locations', 'Location Groups', 'Reviews', 'History']);
  });

  it('only links to routes the role may open', () => {
    for (const role of ROLES) {
      const paths = navigationFor(role)
        .flatMap((i) => [i.path, ...(i.children ?? []).map((c) => c.path)])
        .filter(Boolean) as GuardedPath[];
      for (const path of paths) expect(allowed(path, role), `${role} → ${path}`).toBe(true);
    }
  });

  it('builds the breadcrumb from the menu', () => {
    expect(breadcrumbTrail('CompanyAdmin', '/bulk-edit')).toEqual(['Locations', 'Bulk Edits']);
    expect(breadcrumbTrail('Administrator', '/companies/c1/users')).toEqual(['Companies']);
    expect(breadcrumbTrail('CompanyUser', '/profile')).toEqual([]);
  });
});
