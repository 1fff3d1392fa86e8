import { describe, expect, it } from 'vitest';
import { toLiveMessage } from './live-message';
import { LIVE_COLLECTIONS } from '@locus/contracts';
import { TAG_TYPES } from '../tag-types';
import { COLLECTION_TAGS, tagsForChange, tagTypesForCollection } from './collection-tags';
import { reconnectDelayMs, STALE_STREAM_AFTER_MS } from './reconnect-policy';

describe('live message decoding', () => {
  it('reads a changed message with its ids', () => {
    expect(
      toLiveMessage({ event: 'changed', data: '{"kind":"changed","collection":"users","ids":["u1","u2"],"many":false,"companyId":"c1","position":9}' }),
    ).toEqual({ kind: 'changed', collection: 'users', ids: ['u1', 'u2'], many: false, companyId: 'c1', position: 9 });
  });

  it('reads "many changed" and "resync"', () => {
    expect(toLiveMessage({ event: 'changed', data: '{"kind":"changed","collection":"locations","ids":[],"many":true}' })).toMatchObject({
      ids: [],
      many: true,
    });
    expect(toLiveMessage({ event: 'resync', data: '{"kind":"resync"}' })).toEqual({ kind: 'resync' });
  });

  it('takes the kind from the SSE event name when the data lacks it', () => {
    expect(toLiveMessage({ event: 'changed', data: '{"collection":"companies","ids":["c1"]}' })).toMatchObject({ kind: 'changed', collection: 'companies' });
  });

  it('reads a notification with its payload', () => {
    expect(
      toLiveMessage({ event: 'notification', data: '{"kind":"notification","name":"LocationEmailsImportProgressNotification","payload":{"percent":40}}' }),
    ).toEqual({ kind: 'notification', name: 'LocationEmailsImportProgressNotification', payload: { percent: 40 } });
  });

  it('ignores broken or unknown data', () => {
    expect(toLiveMessage({ event: 'message', data: 'not json' })).toBeNull();
    expect(toLiveMessage({ event: 'message', data: '{"kind":"other"}' })).toBeNull();
    expect(toLiveMessage({ event: 'changed', data: '{"id":"x"}' })).toBeNull();
    expect(toLiveMessage({ event: 'message', data: '42' })).toBeNull();
  });
});

describe('collection to tags', () => {
  it('has a row for every collection of the contracts, with tags the app knows', () => {
    expect(Object.keys(COLLECTION_TAGS).sort()).toEqual(Object.keys(LIVE_COLLECTIONS).sort());
    for (const tags of Object.values(COLLECTION_TAGS)) for (const tag of tags) expect(TAG_TYPES).toContain(tag);
  });

  it('maps by exact name, not by resemblance', () => {
    expect(tagTypesForCollection('users')[0]).toBe('User');
    expect(tagTypesForCollection('company-directory')[0]).toBe('Company');
    expect(tagTypesForCollection('location-users')[0]).toBe('UserLocation');
    expect(tagTypesForCollection('company-variables')[0]).toBe('CompanyVariable');
    expect(tagTypesForCollection('session-blocks')).toEqual([]);
    expect(tagTypesForCollection('reviews')[0]).toBe('Review');
    // Names of features that do not exist map to nothing.
    expect(tagTypesForCollection('review')).toEqual([]);
    expect(tagTypesForCollection('Users_v2')).toEqual([]);
  });

  it('invalidates each changed document and its lists once, and derived views whole', () => {
    expect(tagsForChange('users', ['u1', 'u2'])).toEqual([
      { type: 'User', id: 'u1' },
      { type: 'User', id: 'u2' },
      { type: 'User', id: 'LIST' },
      'CompanyAdmin',
      'Profile',
      'Staff',
    ]);
    expect(tagsForChange('unknown-thing', ['x'])).toEqual([]);
  });

  it('"many changed" refreshes the collection\'s tags whole, once', () => {
    expect(tagsForChange('locations', [], true)).toEqual(['Location', 'Dashboard']);
  });
});

describe('reconnect policy', () => {
  it('doubles from 1 s and caps at 30 s, with at most 20 % jitter', () => {
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelayMs(a, 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelayMs(10, 0)).toBe(30_000);
    expect(reconnectDelayMs(10, 0.99)).toBe(30_000);
    expect(reconnectDelayMs(1, 0.5)).toBe(2200);
  });

  it('drops a stream silent for three keep-alive periods', () => {
    expect(STALE_STREAM_AFTER_MS).toBe(30_000);
  });
});

describe('logout notification after a password change', () => {
  const tokenWithId = (jti: string) => `x.${Buffer.from(JSON.stringify({ jti })).toString('base64url')}.y`;

  it('keeps only the session that changed the password', async () => {
    const { isSessionKept } = await import('./live-bridge');
    expect(isSessionKept({ UserId: 'u', ExceptTokenId: 't-1' }, tokenWithId('t-1'))).toBe(true);
    expect(isSessionKept({ UserId: 'u', ExceptTokenId: 't-1' }, tokenWithId('t-2'))).toBe(false);
    expect(isSessionKept({ UserId: 'u' }, tokenWithId('t-1'))).toBe(false);
    expect(isSessionKept({ UserId: 'u', ExceptTokenId: 't-1' }, null)).toBe(false);
  });

  it('after a logout ends only that session', async () => {
    const { isSessionKept } = await import('./live-bridge');
    expect(isSessionKept({ UserId: 'u', TokenId: 't-1' }, tokenWithId('t-1'))).toBe(false);
    expect(isSessionKept({ UserId: 'u', TokenId: 't-1' }, tokenWithId('t-2'))).toBe(true);
  });
});
