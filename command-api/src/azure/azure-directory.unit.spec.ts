import { describe, expect, it } from 'vitest';
import type { AzureEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { azureDirectoryDecider } from './azure-directory';
import { createOAuthStateSigner, STATE_TTL_MS } from './oauth-state';

const spec = deciderSpec(azureDirectoryDecider);
const credentials: AzureEvent = { type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app1', tenantId: 'ten1', clientSecret: 'sealed:1' } };
const tokens = { accessToken: 'sealed:a', refreshToken: 'sealed:r', expiresAt: '2026-11-28T11:00:00.000Z' };
const connect = { type: 'RecordAzureConnection' as const, companyId: 'c1', clientId: 'app1', tenantId: 'ten1', tokens, scope: 'User.Read.All', userId: 'u1' };
const connected: AzureEvent = {
  type: 'AzureDirectoryConnected',
  data: { companyId: 'c1', tenantId: 'ten1', clientId: 'app1', ...tokens, scope: 'User.Read.All', connectedByUserId: 'u1' },
};
const user = { companyId: 'c1', directoryUserId: 'd1', displayName: 'Ann Lee', userPrincipalName: 'ann@garcia.example', userId: 'u2' };

describe('Azure directory decider', () => {
  it('saves credentials with the sealed secret', () => {
    spec.given([]).when({ type: 'SaveAzureCredentials', companyId: 'c1', clientId: 'app1', tenantId: 'ten1', sealedSecret: 'sealed:1' }).then([credentials]);
  });

  it('connects only with saved credentials, and only the app they name', () => {
    spec.given([credentials]).when(connect).then([connected]);
    spec.given([]).when(connect).thenThrows('AZURE.NO_CREDENTIALS');
    spec
      .given([credentials])
      .when({ ...connect, clientId: 'app2' })
      .thenThrows({ code: 'AZURE.CREDENTIALS_CHANGED', kind: 'conflict' });
  });

  it('new credentials for another app drop the connection; tokens refresh only while connected', () => {
    const other: AzureEvent = { type: 'AzureCredentialsSaved', data: { companyId: 'c1', clientId: 'app2', tenantId: 'ten1', clientSecret: 'sealed:2' } };
    const refresh = { type: 'RecordAzureTokenRefresh' as const, companyId: 'c1', tokens };
    spec
      .given([credentials, connected])
      .when(refresh)
      .then([{ type: 'AzureTokensRefreshed', data: { companyId: 'c1', ...tokens } }]);
    spec.given([credentials, connected, other]).when(refresh).thenThrows('AZURE.NOT_CONNECTED');
    spec
      .given([credentials, connected, credentials])
      .when(refresh)
      .then([{ type: 'AzureTokensRefreshed', data: { companyId: 'c1', ...tokens } }]);
  });

  it('records a lost connection once', () => {
    const lost = { type: 'RecordAzureConnectionLost' as const, companyId: 'c1', reason: 'invalid_grant' };
    const lostEvent: AzureEvent = { type: 'AzureDirectoryConnectionLost', data: { companyId: 'c1', reason: 'invalid_grant' } };
    spec.given([credentials, connected]).when(lost).then([lostEvent]);
    spec.given([credentials, connected, lostEvent]).when(lost).then([]);
  });

  it('adds a directory user once, while connected', () => {
    const add = { type: 'ConnectDirectoryUser' as const, ...user };
    spec
      .given([credentials, connected])
      .when(add)
      .then([{ type: 'AzureDirectoryUserConnected', data: user }]);
    spec
      .given([credentials, connected, { type: 'AzureDirectoryUserConnected', data: user }])
      .when(add)
      .thenThrows({ code: 'AZURE.USER_ALREADY_CONNECTED', kind: 'conflict' });
    spec.given([credentials]).when(add).thenThrows('AZURE.NOT_CONNECTED');
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
