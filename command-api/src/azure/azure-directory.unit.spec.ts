import { describe, expect, it } from 'vitest';
import type { AzureEvent } from '@locus/contracts';
import type { AppError } from '@locus/platform';
import { azureDirectoryDecider, type AzureDirectoryCommand } from './azure-directory';
import { createOAuthStateSigner, STATE_TTL_MS } from './oauth-state';

const C = 'c1';
const S = 'v1.aXY.dGFn.c2VjcmV0';
const T = { accessToken: 'v1.aXY.dGFn.YQ', refreshToken: 'v1.aXY.dGFn.cg', expiresAt: '2025-01-15T11:00:00.000Z' };

const decide = (events: AzureEvent[], command: AzureDirectoryCommand) =>
  [azureDirectoryDecider.decide(command, events.reduce(azureDirectoryDecider.evolve, azureDirectoryDecider.initialState()))].flat();
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'no error';
};

const saved: AzureEvent = { type: 'AzureCredentialsSaved', data: { companyId: C, clientId: 'app', tenantId: 'tenant', clientSecret: S } };
const connected: AzureEvent = {
  type: 'AzureDirectoryConnected',
  data: { companyId: C, clientId: 'app', tenantId: 'tenant', ...T, scope: 'User.Read.All', connectedByUserId: 'u1' },
};
const connect: AzureDirectoryCommand = {
  type: 'RecordAzureConnection',
  companyId: C,
  clientId: 'app',
  tenantId: 'tenant',
  tokens: T,
  scope: 'User.Read.All',
  userId: 'u1',
};
const addUser: AzureDirectoryCommand = {
  type: 'ConnectDirectoryUser',
  companyId: C,
  directoryUserId: 'd1',
  displayName: 'Ava Lee',
  userPrincipalName: 'ava@contoso.com',
  userId: 'u9',
};

describe('azure directory decider', () => {
  it('saves credentials with the sealed secret', () => {
    expect(decide([], { type: 'SaveAzureCredentials', companyId: C, clientId: 'app', tenantId: 'tenant', sealedSecret: S })).toEqual([saved]);
  });

  it('records a connection only for the app whose credentials are stored', () => {
    expect(codeOf(() => decide([], connect))).toBe('AZURE.NO_CREDENTIALS');
    expect(codeOf(() => decide([saved], { ...connect, clientId: 'other' }))).toBe('AZURE.CREDENTIALS_CHANGED');
    expect(decide([saved], connect)).toEqual([connected]);
  });

  it('needs a connection to refresh tokens or add users; a lost connection needs a new consent', () => {
    expect(codeOf(() => decide([saved], { type: 'RecordAzureTokenRefresh', companyId: C, tokens: T }))).toBe('AZURE.NOT_CONNECTED');
    expect(codeOf(() => decide([saved], addUser))).toBe('AZURE.NOT_CONNECTED');
    const lost: AzureEvent = { type: 'AzureDirectoryConnectionLost', data: { companyId: C, reason: 'revoked' } };
    expect(decide([saved, connected], { type: 'RecordAzureConnectionLost', companyId: C, reason: 'revoked' })).toEqual([lost]);
    expect(decide([saved, connected, lost], { type: 'RecordAzureConnectionLost', companyId: C, reason: 'again' })).toEqual([]);
    expect(codeOf(() => decide([saved, connected, lost], addUser))).toBe('AZURE.NOT_CONNECTED');
  });

  it('saving another app drops the connection; the same app keeps it', () => {
    const other: AzureEvent = { type: 'AzureCredentialsSaved', data: { companyId: C, clientId: 'other', tenantId: 'tenant', clientSecret: S } };
    expect(codeOf(() => decide([saved, connected, other], addUser))).toBe('AZURE.NOT_CONNECTED');
    expect(decide([saved, connected, saved], addUser)).toHaveLength(1);
  });

  it('adds a directory user once', () => {
    const added = decide([saved, connected], addUser);
    expect(added).toEqual([
      {
        type: 'AzureDirectoryUserConnected',
        data: { companyId: C, directoryUserId: 'd1', displayName: 'Ava Lee', userPrincipalName: 'ava@contoso.com', userId: 'u9' },
      },
    ]);
    expect(codeOf(() => decide([saved, connected, ...added], addUser))).toBe('AZURE.USER_ALREADY_CONNECTED');
  });
});

describe('OAuth state', () => {
  let now = Date.parse('2025-01-15T10:00:00Z');
  const clock = { now: () => new Date(now) };
  const signer = createOAuthStateSigner('a-jwt-secret-that-is-long-enough-000000', clock);

  it('round-trips the company and user, and refuses a tampered, foreign or expired state', () => {
    const state = signer.sign('c1', 'u1');
    expect(signer.verify(state)).toMatchObject({ companyId: 'c1', userId: 'u1' });
    const [payload, sig] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), c: 'c2' })).toString('base64url');
    expect(signer.verify(`${forged}.${sig}`)).toBeNull();
    expect(createOAuthStateSigner('another-jwt-secret-that-is-long-enough-0', clock).verify(state)).toBeNull();
    expect(signer.verify('garbage')).toBeNull();
    now += STATE_TTL_MS + 1;
    expect(signer.verify(state)).toBeNull();
  });
});
