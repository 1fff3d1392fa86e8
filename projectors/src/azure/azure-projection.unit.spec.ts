import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@locus/platform/ports';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import type { AzureEvent } from '@locus/contracts';
import { azureProjection } from './azure-projection';

/** Each test's n-th event happened at 10:00:0n. */
let recordOne = recorder('2025-01-15T10:00:00.000Z');
beforeEach(() => {
  recordOne = recorder('2025-01-15T10:00:00.000Z');
});
const recorded = (e: AzureEvent | { type: 'CompanyDeleted'; data: { companyId: string } }): RecordedEvent =>
  recordOne(e.type, e.data, e.data.companyId, `azuredirectory-${e.data.companyId}`);
const given = (events: RecordedEvent[]) => projectInMemory(azureProjection, events);

const SECRET = 'v1.aXY.dGFn.c2VjcmV0';
const TOKEN = 'v1.aXY.dGFn.dG9rZW4';
const history = (): RecordedEvent[] => [
  recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app', tenantId: 'tenant', clientSecret: SECRET } }),
  recorded({
    type: 'AzureDirectoryConnected',
    data: {
      companyId: 'c1',
      tenantId: 'tenant',
      clientId: 'app',
      accessToken: TOKEN,
      refreshToken: TOKEN,
      expiresAt: '2025-01-15T11:00:00.000Z',
      scope: 's',
      connectedByUserId: 'u1',
    },
  }),
  recorded({ type: 'AzureTokensRefreshed', data: { companyId: 'c1', accessToken: TOKEN, refreshToken: null, expiresAt: '2025-01-15T12:00:00.000Z' } }),
  recorded({
    type: 'AzureDirectoryUserConnected',
    data: { companyId: 'c1', directoryUserId: 'd1', displayName: 'Ava Lee', userPrincipalName: 'ava.lee@contoso.com', userId: 'u9' },
  }),
];

describe('azure projection', () => {
  it('records the connection status without the secret or the tokens', async () => {
    const m = await given(history());
    expect(m.all('azure-directories')).toEqual([
      {
        _id: 'c1',
        companyId: 'c1',
        clientId: 'app',
        tenantId: 'tenant',
        hasClientSecret: true,
        isConnected: true,
        connectedAt: '2025-01-15T10:00:02.000Z',
        connectedByUserId: 'u1',
        credentialsUpdatedAt: '2025-01-15T10:00:01.000Z',
        connectedUsers: 1,
      },
    ]);
    expect(JSON.stringify(m.all('azure-directories'))).not.toContain(SECRET);
    expect(JSON.stringify(m.all('azure-directories'))).not.toContain(TOKEN);
    expect(m.all('azure-directory-users')).toEqual([
      {
        _id: 'c1:d1',
        companyId: 'c1',
        directoryUserId: 'd1',
        displayName: 'Ava Lee',
        userPrincipalName: 'ava.lee@contoso.com',
        userId: 'u9',
        connectedAt: '2025-01-15T10:00:04.000Z',
      },
    ]);
  });

  it('marks the directory disconnected when the connection is lost or another app is saved', async () => {
    const lost = await given([...history(), recorded({ type: 'AzureDirectoryConnectionLost', data: { companyId: 'c1', reason: 'revoked' } })]);
    expect(lost.all('azure-directories')[0]).toMatchObject({ isConnected: false, hasClientSecret: true });
    const sameApp = await given([
      ...history(),
      recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app', tenantId: 'tenant', clientSecret: SECRET } }),
    ]);
    expect(sameApp.all('azure-directories')[0]).toMatchObject({ isConnected: true });
    const otherApp = await given([
      ...history(),
      recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'other', tenantId: 'tenant', clientSecret: SECRET } }),
    ]);
    expect(otherApp.all('azure-directories')[0]).toMatchObject({ isConnected: false, clientId: 'other', connectedAt: null });
  });

  it('replays idempotently and forgets a deleted company', async () => {
    const events = history();
    const once = await given(events);
    const twice = await given([...events, ...events]);
    expect(twice.all('azure-directories')).toEqual(once.all('azure-directories'));
    expect(twice.all('azure-directory-users')).toEqual(once.all('azure-directory-users'));
    const deleted = await given([...events, recorded({ type: 'CompanyDeleted', data: { companyId: 'c1' } })]);
    expect(deleted.all('azure-directories')).toEqual([]);
    expect(deleted.all('azure-directory-users')).toEqual([]);
  });
});
