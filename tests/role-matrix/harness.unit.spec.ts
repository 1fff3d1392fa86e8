import { describe, expect, it } from 'vitest';
import { defineRoute } from '@locus/contracts';
import { casesOf, coverageProblems, mergeSamples, pathOf } from './harness';

const companyAdminOnly = defineRoute({
  name: 'x.delete',
  method: 'DELETE',
  path: '/api/x/:companyId/items/:itemId',
  kind: 'command',
  roles: ['CompanyAdmin'],
  tenantParams: ['itemId'],
});
const adminOnly = defineRoute({ name: 'x.admin', method: 'GET', path: '/api/x/admin', kind: 'query', roles: ['Administrator'] });
const anyone = defineRoute({ name: 'x.login', method: 'POST', path: '/api/x/login', kind: 'command', roles: ['Anonymous'] });
const signedIn = defineRoute({ name: 'x.me', method: 'GET', path: '/api/x/me', kind: 'query', roles: ['Authenticated'] });

const summary = (route: Parameters<typeof casesOf>[0]) => casesOf(route).map((c) => `${c.kind}:${c.caller}:${c.callerCompany}->${c.companyKey}:${c.expect}`);

describe('role matrix cases', () => {
  it('expects 401 for anonymous, 403 for other roles, 404 across companies, and success last', () => {
    expect(summary(companyAdminOnly)).toEqual([
      'denied:anonymous:a->a:401',
      'denied:companyUser:a->a:403',
      'denied:administrator:a->a:403',
      'denied:companyAuditor:a->a:403',
      'denied:locationStaff:a->a:403',
      'denied:unassignedUser:a->a:403',
      'tenancy:companyAdmin:a->b:404',
      'tenancy:adminViewingCompany:a->b:404',
      'tenancy-control:companyAdmin:b->b:success',
      'allowed:companyAdmin:a->a:success',
      'allowed:adminViewingCompany:a->a:success',
    ]);
  });

  it('lets everyone call anonymous routes and every signed-in caller call Authenticated ones', () => {
    expect(casesOf(anyone).every((c) => c.kind === 'allowed')).toBe(true);
    expect(summary(signedIn)).toEqual([
      'denied:anonymous:a->a:401',
      'allowed:companyUser:a->a:success',
      'allowed:companyAdmin:a->a:success',
      'allowed:administrator:a->a:success',
      'allowed:adminViewingCompany:a->a:success',
      'allowed:companyAuditor:a->a:success',
      'allowed:locationStaff:a->a:success',
      'allowed:unassignedUser:a->a:success',
    ]);
    expect(summary(adminOnly).filter((s) => s.startsWith('allowed'))).toEqual(['allowed:administrator:a->a:success']);
  });

  it('lets an auditor read what company members read and write nothing', () => {
    const membersRead = defineRoute({ name: 'x.list', method: 'GET', path: '/api/x/:itemId', kind: 'query', roles: ['CompanyUser'], tenantParams: ['itemId'] });
    const membersWrite = defineRoute({ name: 'x.save', method: 'POST', path: '/api/x/save', kind: 'command', roles: ['CompanyAdmin', 'CompanyUser'] });
    const signedInWrite = defineRoute({ name: 'x.logout', method: 'POST', path: '/api/x/logout', kind: 'command', roles: ['Authenticated'] });
    expect(summary(membersRead)).toContain('allowed:companyAuditor:a->a:success');
    expect(summary(membersRead)).toContain('tenancy:companyAuditor:a->b:404');
    expect(summary(membersWrite)).toContain('denied:companyAuditor:a->a:403');
    expect(summary(signedInWrite)).toContain('denied:companyAuditor:a->a:403');
    expect(summary(adminOnly)).toContain('denied:companyAuditor:a->a:403');
  });

  it('lets a company user act on a location by its right there: none 404, staff 403 where an owner is needed', () => {
    const read = defineRoute({
      name: 'x.location',
      method: 'GET',
      path: '/api/x/:id',
      kind: 'query',
      roles: ['CompanyAdmin', 'CompanyUser'],
      tenantParams: ['id'],
      location: { param: 'id', needs: 'read' },
    });
    const edit = defineRoute({ ...read, name: 'x.edit', method: 'POST', kind: 'command', location: { param: 'id', needs: 'owner' } });
    const reply = defineRoute({ ...read, name: 'x.reply', method: 'POST', kind: 'command', location: { needs: 'staff' } });
    expect(summary(read)).toEqual(
      expect.arrayContaining(['location:unassignedUser:a->a:404', 'allowed:locationStaff:a->a:success', 'allowed:companyUser:a->a:success']),
    );
    expect(summary(edit)).toEqual(
      expect.arrayContaining(['location:unassignedUser:a->a:404', 'location:locationStaff:a->a:403', 'allowed:companyUser:a->a:success']),
    );
    expect(summary(reply)).toEqual(expect.arrayContaining(['location:unassignedUser:a->a:404', 'allowed:locationStaff:a->a:success']));
    // Every case naming another company's ids is 404, whatever the caller's right in its own.
    expect(summary(edit)).toEqual(expect.arrayContaining(['tenancy:locationStaff:a->b:404', 'tenancy:unassignedUser:a->b:404']));
    // A location's cases run before the allowed ones (a sample that deletes runs last).
    const kinds = casesOf(edit).map((c) => c.kind);
    expect(kinds.lastIndexOf('location')).toBeLessThan(kinds.indexOf('allowed'));
  });

  it('lets the auditor call a query whatever its method (tables POST their filters)', () => {
    const table = defineRoute({ name: 'x.table', method: 'POST', path: '/api/x/table', kind: 'query', roles: ['CompanyAdmin', 'CompanyUser'] });
    expect(summary(table)).toContain('allowed:companyAuditor:a->a:success');
  });

  it('reports routes without samples, samples without routes and duplicate samples', () => {
    const noop = () => ({});
    expect(coverageProblems([companyAdminOnly, adminOnly], { 'x.admin': noop, 'x.gone': noop })).toEqual({ missing: ['x.delete'], unknown: ['x.gone'] });
    const merged = mergeSamples([
      { name: 'one', samples: { 'x.admin': noop } },
      { name: 'two', samples: { 'x.admin': noop } },
    ]);
    expect(merged.duplicates).toEqual(['x.admin (two)']);
  });

  it('fills path params and refuses a missing one', () => {
    expect(pathOf(companyAdminOnly, { companyId: 'c 1', itemId: 'i/2' })).toBe('/api/x/c%201/items/i%2F2');
    expect(() => pathOf(companyAdminOnly, { companyId: 'c1' })).toThrow(/:itemId/);
  });
});
