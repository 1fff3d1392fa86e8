import { describe, expect, it } from 'vitest';
import { GMB_ACCOUNTS_COLLECTION, GMB_CATEGORIES_COLLECTION, GMB_CONNECTION_PROCESSES_COLLECTION } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { connectionsProjection } from './connections-projection';

const googleUser = { sub: 's1', email: 'avery@gmail.com', name: 'Avery Johnson', picture: 'https://img/a.svg' };

const history = () => {
  const e = recorder();
  return [
    e(
      'GoogleAuthorizationGranted',
      {
        processId: 'p1',
        companyId: 'c1',
        userId: 'u1',
        googleUser,
        sealedCredentials: 'v1.SECRET.x.y',
        scope: 's',
        accounts: [{ name: 'accounts/1', accountName: 'Summit', type: 'LOCATION_GROUP', role: 'OWNER', verificationState: null }],
        isNewCompany: false,
        expiresAt: '2025-03-04T10:00:00.000Z',
      },
      'c1',
    ),
    e(
      'GoogleAccountConnected',
      {
        connectionId: 'k1',
        companyId: 'c1',
        processId: 'p1',
        accountName: 'accounts/1',
        accountDisplayName: 'Summit',
        accountType: 'LOCATION_GROUP',
        googleUser,
        sealedCredentials: 'v1.SECRET.x.y',
        connectedBy: 'u1',
      },
      'c1',
    ),
    e(
      'GoogleAccountConnected',
      {
        connectionId: 'k2',
        companyId: 'c1',
        processId: 'p1',
        accountName: 'accounts/2',
        accountDisplayName: 'Bloom',
        accountType: 'LOCATION_GROUP',
        googleUser,
        sealedCredentials: 'v1.SECRET.x.y',
        connectedBy: 'u1',
      },
      'c1',
    ),
    e('LocationsImportRequested', { processId: 'p1', companyId: 'c1', connectionIds: ['k1', 'k2'], accountNames: ['accounts/1', 'accounts/2'] }, 'c1'),
    e(
      'LocationsImportProgressed',
      { processId: 'p1', companyId: 'c1', connectionId: null, processed: 0, total: 2, progressPercentage: 0, currentLocation: null },
      'c1',
    ),
    e(
      'LocationsImportProgressed',
      {
        processId: 'p1',
        companyId: 'c1',
        connectionId: 'k1',
        processed: 1,
        total: 2,
        progressPercentage: 50,
        currentLocation: {
          locationId: 'L1',
          locationTitle: 'A',
          locationThumbnailUrl: null,
          locationAddressLine1: '1 Main',
          locationAddressLine2: 'Denver, CO 80202',
        },
      },
      'c1',
    ),
    e(
      'LocationsImportProgressed',
      {
        processId: 'p1',
        companyId: 'c1',
        connectionId: 'k1',
        processed: 2,
        total: 2,
        progressPercentage: 100,
        currentLocation: { locationId: 'L2', locationTitle: 'B', locationThumbnailUrl: null, locationAddressLine1: '2 Main', locationAddressLine2: '' },
      },
      'c1',
    ),
    e('GoogleAccountDisconnected', { connectionId: 'k2', companyId: 'c1', accountName: 'accounts/2' }, 'c1'),
    e('GoogleCategoriesFetched', {
      regionCode: 'US',
      languageCode: 'en',
      categories: [
        { name: 'categories/gcid:dentist', displayName: 'Dentist' },
        { name: 'categories/gcid:cafe', displayName: 'Cafe' },
      ],
    }),
    e('GoogleCategoriesFetched', { regionCode: 'US', languageCode: 'en', categories: [{ name: 'categories/gcid:dentist', displayName: 'Dentist' }] }),
  ];
};

describe('connections projection', () => {
  it('lists connected accounts (a disconnected one leaves), process progress and categories; no credentials', async () => {
    const r = await foldInMemory(connectionsProjection, history());
    expect(r.get(GMB_ACCOUNTS_COLLECTION)).toEqual([
      expect.objectContaining({
        _id: 'k1',
        companyId: 'c1',
        name: 'accounts/1',
        accountName: 'Summit',
        googleUserEmail: 'avery@gmail.com',
        connectedAt: '2025-03-04T09:00:02.000Z',
      }),
    ]);
    expect(r.get(GMB_CONNECTION_PROCESSES_COLLECTION)).toEqual([
      expect.objectContaining({
        _id: 'p1',
        status: 'completed',
        progressPercentage: 100,
        processed: 2,
        total: 2,
        selectedAccountNames: ['accounts/1', 'accounts/2'],
        currentLocation: expect.objectContaining({ locationTitle: 'B' }),
      }),
    ]);
    expect(r.get(GMB_CATEGORIES_COLLECTION)).toEqual([
      { _id: 'categories/gcid:dentist', companyId: null, name: 'categories/gcid:dentist', displayName: 'Dentist', displayNameLower: 'dentist' },
    ]);
    expect(JSON.stringify([...r.values()])).not.toContain('SECRET');
  });

  it('gives the same documents when the history is replayed, and when it is replayed twice', async () => {
    const once = await foldInMemory(connectionsProjection, history());
    expect(await foldInMemory(connectionsProjection, [...history(), ...history()])).toEqual(once);
  });
});
