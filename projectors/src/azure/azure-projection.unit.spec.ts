import { describe, expect, it } from 'vitest';
import type { Doc, ProjectionDocs, RecordedEvent } from '@locus/platform';
import type { AzureEvent } from '@locus/contracts/azure/events';
import { azureProjection } from './azure-projection';

function memoryDocs() {
  const store = new Map<string, Map<string, Doc>>();
  const col = (name: string) => store.get(name) ?? store.set(name, new Map()).get(name)!;
  const docs: ProjectionDocs = {
    get: async <T extends Doc>(c: string, id: string) => (structuredClone(col(c).get(id)) as T | undefined) ?? null,
    find: async <T extends Doc>(c: string, filter: Record<string, unknown>) =>
      [...col(c).values()].filter((d) => Object.entries(filter).every(([k, v]) => d[k] === v)).map((d) => structuredClone(d) as T),
    put: (c, doc) => void col(c).set(doc._id, structuredClone(doc)),
    delete: (c, id) => void col(c).delete(id),
  };
  return { docs, all: (c: string) => [...col(c).values()].sort((a, b) => a._id.localeCompare(b._id)) };
}

let position = 0;
const recorded = (e: AzureEvent | { type: 'CompanyDeleted'; data: { companyId: string } }): RecordedEvent => ({
  id: `e${++position}`,
  type: e.type,
  data: e.data,
  streamName: `azuredirectory-${e.data.companyId}`,
  revision: 0n,
  position,
  created: new Date('2025-01-15T10:00:00Z'),
  metadata: { companyId: e.data.companyId, actor: { userId: 'u1', role: 'CompanyAdmin' }, correlationId: 'c', causationId: null, occurredAt: '2025-01-15T10:00:00.000Z' },
});
const given = async (events: RecordedEvent[]) => {
  const m = memoryDocs();
  for (const e of events) await azureProjection.evolve(e, m.docs);
  return m;
};

const SECRET = 'v1.aXY.dGFn.c2VjcmV0';
const TOKEN = 'v1.aXY.dGFn.dG9rZW4';
const history = (): RecordedEvent[] => [
  recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app', tenantId: 'tenant', clientSecret: SECRET } }),
  recorded({ type: 'AzureDirectoryConnected', data: { companyId: 'c1', tenantId: 'tenant', clientId: 'app', accessToken: TOKEN, refreshToken: TOKEN, expiresAt: '2025-01-15T11:00:00.000Z', scope: 's', connectedByUserId: 'u1' } }),
  recorded({ type: 'AzureTokensRefreshed', data: { companyId: 'c1', accessToken: TOKEN, refreshToken: null, expiresAt: '2025-01-15T12:00:00.000Z' } }),
  recorded({ type: 'AzureDirectoryUserConnected', data: { companyId: 'c1', directoryUserId: 'd1', displayName: 'Ava Lee', userPrincipalName: 'ava.lee@contoso.com', userId: 'u9' } }),
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
        connectedAt: '2025-01-15T10:00:00.000Z',
        connectedByUserId: 'u1',
        credentialsUpdatedAt: '2025-01-15T10:00:00.000Z',
        connectedUsers: 1,
      },
    ]);
    expect(JSON.stringify(m.all('azure-directories'))).not.toContain(SECRET);
    expect(JSON.stringify(m.all('azure-directories'))).not.toContain(TOKEN);
    expect(m.all('azure-directory-users')).toEqual([
      { _id: 'c1:d1', companyId: 'c1', directoryUserId: 'd1', displayName: 'Ava Lee', userPrincipalName: 'ava.lee@contoso.com', userId: 'u9', connectedAt: '2025-01-15T10:00:00.000Z' },
    ]);
  });

  it('marks the directory disconnected when the connection is lost or another app is saved', async () => {
    const lost = await given([...history(), recorded({ type: 'AzureDirectoryConnectionLost', data: { companyId: 'c1', reason: 'revoked' } })]);
    expect(lost.all('azure-directories')[0]).toMatchObject({ isConnected: false, hasClientSecret: true });
    const sameApp = await given([...history(), recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app', tenantId: 'tenant', clientSecret: SECRET } })]);
    expect(sameApp.all('azure-directories')[0]).toMatchObject({ isConnected: true });
    const otherApp = await given([...history(), recorded({ type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'other', tenantId: 'tenant', clientSecret: SECRET } })]);
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
