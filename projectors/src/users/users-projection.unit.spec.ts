import { describe, expect, it } from 'vitest';
import { USERS_COLLECTION } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { usersProjection } from './users-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { userCreated } from './testing/user-fixtures';

const history = () => {
  const e = recorder();
  return [
    e('UserCreated', userCreated('admin', null, 'Administrator', { source: 'bootstrap' })),
    e('UserRegistered', { ...userCreated('ada', 'c1', 'CompanyAdmin', { isDefaultCompanyContact: true }), source: undefined }, 'c1'),
    e('UserCreated', userCreated('bob', 'c1', 'CompanyUser', { firstName: 'Bob', lastName: 'Stone', phoneNumber: '(303) 555-0199' }), 'c1'),
    e('UserCreated', userCreated('cy', 'c1', 'CompanyUser'), 'c1'),
    e('UserUpdated', { userId: 'bob', firstName: 'Bobby', lastName: 'Stone', email: 'Bobby@Example.test', phoneNumber: '(303) 555-0199' }, 'c1'),
    e(
      'ProfileUpdated',
      {
        userId: 'ada',
        firstName: 'Ada',
        lastName: 'King',
        email: 'ada@example.test',
        phoneNumber: '1',
        addressLine1: '1 Main',
        addressLine2: '',
        city: 'Denver',
        postalCode: '80202',
      },
      'c1',
    ),
    e('AvatarChanged', { userId: 'ada', imageUrl: '/media/avatars/a.png' }, 'c1'),
    e('UserDeactivated', { userId: 'bob', companyId: 'c1' }, 'c1'),
    e('UserDeleted', { userId: 'cy', companyId: 'c1', reason: 'deleted' }, 'c1'),
    e('LoginSucceeded', { userId: 'ada', tokenId: 't', method: 'password' }, 'c1'),
    e('PasswordChanged', { userId: 'ada', passwordHash: 'x', reason: 'profile' }, 'c1'),
  ];
};

describe('users projection', () => {
  it('keeps one document per live user with role, status and search text', async () => {
    const docs = (await foldInMemory(usersProjection, history())).get(USERS_COLLECTION)!;
    const byId = Object.fromEntries(docs.map((d) => [d._id, d]));
    expect(Object.keys(byId).sort()).toEqual(['ada', 'admin', 'bob']);
    expect(byId.admin).toMatchObject({ companyId: null, role: 'Administrator', roleName: 'Administrator' });
    expect(byId.ada).toMatchObject({
      companyId: 'c1',
      fullName: 'Ada King',
      city: 'Denver',
      imageUrl: '/media/avatars/a.png',
      isDefaultCompanyContact: true,
      roleName: 'Company Admin',
      loginAllowed: true,
    });
    expect(byId.bob).toMatchObject({
      fullName: 'Bobby Stone',
      emailLower: 'bobby@example.test',
      loginAllowed: false,
      createdAt: '2025-03-04T09:00:03.000Z',
      searchText: 'bobby stone bobby@example.test (303) 555-0199 company user 03/04/2025',
    });
    // Secrets never reach the read model.
    expect(JSON.stringify(docs)).not.toContain('argon2');
  });

  it('gives the same documents when the history is replayed, and when it is replayed twice', async () => {
    const once = await foldInMemory(usersProjection, history());
    expect(await foldInMemory(usersProjection, history())).toEqual(once);
    expect(await foldInMemory(usersProjection, [...history(), ...history()])).toEqual(once);
  });
});
