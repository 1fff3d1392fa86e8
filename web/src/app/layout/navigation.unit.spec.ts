import { describe, expect, it } from 'vitest';
import { breadcrumbLabels } from './navigation';

describe('breadcrumbLabels', () => {
  it('shows the sidebar trail on a menu page', () => {
    expect(breadcrumbLabels('Administrator', '/companies', 'Companies')).toEqual(['Companies']);
    expect(breadcrumbLabels('CompanyAdmin', '/bulk-edit', 'Bulk Edits')).toEqual(['Locations', 'Bulk Edits']);
    // the menu calls it Template, the route Location Default(s): the menu wins on its own entry
    expect(breadcrumbLabels('CompanyAdmin', '/default-location', 'Location Default(s)')).toEqual(['Locations', 'Template']);
  });

  it('adds the page title below a menu entry', () => {
    expect(breadcrumbLabels('Administrator', '/companies/c1/users', 'Company Users')).toEqual(['Companies', 'Company Users']);
  });

  it('shows the title alone outside the menu', () => {
    expect(breadcrumbLabels('CompanyUser', '/profile', 'User Profile')).toEqual(['User Profile']);
    expect(breadcrumbLabels('CompanyUser', '/profile', undefined)).toEqual([]);
  });
});
