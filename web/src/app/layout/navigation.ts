import type { Role } from '@locus/contracts';
import type { IconName } from '@blueprintjs/core';

export interface NavItem {
  label: string;
  path?: string;
  icon: IconName;
  children?: NavItem[];
}

const dashboard: NavItem = { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' };
const reviews: NavItem = { label: 'Reviews', path: '/company-reviews', icon: 'star' };
const history: NavItem = { label: 'History', path: '/history', icon: 'history' };

/** Sidebar entries per role (spec part 1 §6). */
export const navigationFor = (role: Role): NavItem[] => {
  switch (role) {
    case 'Administrator':
      return [
        { label: 'Companies', path: '/companies', icon: 'office' },
        { label: 'Settings', path: '/metadeta', icon: 'cog' },
        { label: 'Operations', path: '/operations', icon: 'pulse' },
      ];
    case 'CompanyAdmin':
      return [
        dashboard,
        {
          label: 'Locations',
          icon: 'map-marker',
          children: [
            { label: 'Directory', path: '/locations', icon: 'list' },
            { label: 'Bulk Edits', path: '/bulk-edit', icon: 'edit' },
            { label: 'Groups', path: '/location-groups', icon: 'group-objects' },
            { label: 'Template', path: '/default-location', icon: 'document' },
          ],
        },
        reviews,
        { label: 'Post Templates', path: '/location-template', icon: 'manually-entered-data' },
        { label: 'Connections', path: '/connected-accounts', icon: 'link' },
        { label: 'Users', path: '/users', icon: 'people' },
        { label: 'Settings', path: '/metadeta', icon: 'cog' },
        history,
      ];
    case 'CompanyUser':
      return [dashboard, { label: 'Locations', path: '/locations', icon: 'map-marker' }, reviews, { label: 'Staff', path: '/staff', icon: 'id-number' }];
    case 'CompanyAuditor':
      return [
        dashboard,
        { label: 'Locations', path: '/locations', icon: 'map-marker' },
        { label: 'Location Groups', path: '/location-groups', icon: 'group-objects' },
        reviews,
        history,
      ];
    default: {
      const never: never = role;
      return never;
    }
  }
};

/** Breadcrumb trail for a path: the matching sidebar entries, else the page's own title. */
export const breadcrumbTrail = (role: Role, pathname: string): string[] => {
  for (const item of navigationFor(role)) {
    if (item.path && pathname.startsWith(item.path)) return [item.label];
    for (const child of item.children ?? []) {
      if (child.path && pathname.startsWith(child.path)) return [item.label, child.label];
    }
  }
  return [];
};

/**
 * The breadcrumb labels of a page: its sidebar trail, followed by the page's own title when the
 * page lies below the sidebar entry (/companies/{id}/users → Companies › Company Users);
 * pages outside the menu show their title alone.
 */
export const breadcrumbLabels = (role: Role, pathname: string, title: string | undefined): string[] => {
  const trail = breadcrumbTrail(role, pathname);
  if (trail.length === 0) return title ? [title] : [];
  const entries = navigationFor(role).flatMap((item) => [item, ...(item.children ?? [])]);
  const onEntry = entries.some((item) => item.path !== undefined && pathname.replace(/\/+$/, '') === item.path);
  return onEntry || !title || trail.includes(title) ? trail : [...trail, title];
};
