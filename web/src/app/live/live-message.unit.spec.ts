import { describe, expect, it } from 'vitest';
import { toLiveMessage } from './live-message';
import { normalizeCollection, tagsForChange, tagTypesForCollection } from './collection-tags';
import { reconnectDelayMs, STALE_STREAM_AFTER_MS } from './reconnect-policy';

describe('live message decoding', () => {
  it('reads a changed message', () => {
    expect(
      toLiveMessage({ event: 'changed', data: '{"kind":"changed","collection":"users","id":"u1","companyId":"c1","position":9}' }),
    ).toEqual({ kind: 'changed', collection: 'users', id: 'u1', companyId: 'c1', position: 9 });
  });

  it('takes the kind from the SSE event name when the data lacks it', () => {
    expect(toLiveMessage({ event: 'changed', data: '{"collection":"companies","id":"c1"}' })).toMatchObject({ kind: 'changed', collection: 'companies' });
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
  it('normalizes case, separators and a version suffix', () => {
    expect(normalizeCollection('Company-Directory_v3')).toBe('companydirectory');
    expect(normalizeCollection('user-locations.2')).toBe('userlocations');
  });

  it('maps the known collections', () => {
    expect(tagTypesForCollection('users')[0]).toBe('User');
    expect(tagTypesForCollection('company-directory')[0]).toBe('Company');
    expect(tagTypesForCollection('user-locations')[0]).toBe('UserLocation');
    expect(tagTypesForCollection('admin-variables')[0]).toBe('AdminVariable');
    expect(tagTypesForCollection('company-variables')[0]).toBe('CompanyVariable');
    expect(tagTypesForCollection('staff')[0]).toBe('Staff');
    expect(tagTypesForCollection('locations')[0]).toBe('Location');
    expect(tagTypesForCollection('session-blocks')).toEqual([]);
  });

  it('invalidates the document and its lists, and derived views whole', () => {
    expect(tagsForChange('users', 'u1')).toEqual([{ type: 'User', id: 'u1' }, { type: 'User', id: 'LIST' }, 'CompanyAdmin', 'Profile', 'Staff']);
    expect(tagsForChange('unknown-thing', 'x')).toEqual([]);
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
