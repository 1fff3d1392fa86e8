import { describe, expect, it } from 'vitest';
import { COMPANIES_COLLECTION, COMPANY_DIRECTORY_COLLECTION } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { companiesProjection } from './companies-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { userCreated } from '../users/testing/user-fixtures';

const history = () => {
  const e = recorder();
  return [
    e('CompanyCreated', { companyId: 'c1', companyName: 'Acme Dental', defaultAdminId: 'ada', source: 'administrator' }, 'c1'),
    e(
      'UserCreated',
      userCreated('ada', 'c1', 'CompanyAdmin', { firstName: 'Ada', lastName: 'King', isDefaultCompanyContact: true, source: 'administrator' }),
      'c1',
    ),
    e('UserCreated', userCreated('bob', 'c1', 'CompanyUser'), 'c1'),
    e('CompanyCreated', { companyId: 'c2', companyName: null, defaultAdminId: 'zed', source: 'signup' }, 'c2'),
    e('UserRegistered', userCreated('zed', 'c2', 'CompanyAdmin', { firstName: 'Zed', isDefaultCompanyContact: true }), 'c2'),
    e('CompanyRenamed', { companyId: 'c2', companyName: 'Zed Roofing' }, 'c2'),
    e('UserUpdated', { userId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', phoneNumber: '2' }, 'c1'),
    e(
      'ProfileUpdated',
      { userId: 'bob', firstName: 'B', lastName: 'B', email: 'b@b.test', phoneNumber: '', addressLine1: '', addressLine2: '', city: '', postalCode: '' },
      'c1',
    ),
    e('CompanyDeactivated', { companyId: 'c1' }, 'c1'),
    e('CompanyCreated', { companyId: 'c3', companyName: 'Gone Inc', defaultAdminId: 'g', source: 'administrator' }, 'c3'),
    e('CompanyDeleted', { companyId: 'c3' }, 'c3'),
  ];
};

describe('companies projection', () => {
  it('keeps company documents and the administrator directory with the primary contact', async () => {
    const out = await foldInMemory(companiesProjection, history());
    const companies = Object.fromEntries(out.get(COMPANIES_COLLECTION)!.map((d) => [d._id, d]));
    const directory = Object.fromEntries(out.get(COMPANY_DIRECTORY_COLLECTION)!.map((d) => [d._id, d]));
    expect(Object.keys(companies).sort()).toEqual(['c1', 'c2']);
    expect(companies.c1).toEqual({
      _id: 'c1',
      companyId: 'c1',
      companyName: 'Acme Dental',
      isActive: false,
      defaultAdminId: 'ada',
      createdAt: '2025-03-04T09:00:01.000Z',
    });
    expect(companies.c2).toMatchObject({ companyId: 'c2', companyName: 'Zed Roofing', isActive: true });
    expect(directory.c1).toMatchObject({
      companyId: null,
      isActive: false,
      primaryContact: { id: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', phoneNumber: '2' },
      searchText: 'acme dental ada lovelace ada@acme.test 03/04/2025',
    });
    expect(directory.c2).toMatchObject({ companyName: 'Zed Roofing', primaryContact: expect.objectContaining({ id: 'zed' }) });
    expect(directory.c3).toBeUndefined();
  });

  it('gives the same documents when replayed, and when replayed twice', async () => {
    const once = await foldInMemory(companiesProjection, history());
    expect(await foldInMemory(companiesProjection, history())).toEqual(once);
    expect(await foldInMemory(companiesProjection, [...history(), ...history()])).toEqual(once);
  });
});
