import { describe, expect, it } from 'vitest';
import type { AppError } from '@locus/platform';
import { accountDecider, processDecider, selectedAccounts, type ProcessState } from './connection-state';
import { connectionIdOf, importedLocationIdOf } from './ids';
import { signOAuthState, verifyOAuthState } from '../google/oauth-state';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return null;
};

describe('OAuth state', () => {
  const state = { processId: 'p1', purpose: 'connect' as const, userId: 'u1', companyId: 'c1', expiresAt: 2_000_000_000 };
  it('round-trips a signed state and refuses a tampered, foreign or expired one', () => {
    const token = signOAuthState('secret', state);
    expect(verifyOAuthState('secret', token, 1_000)).toEqual(state);
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['p1', 'connect', 'attacker', 'c1', 2_000_000_000])).toString('base64url');
    expect(code(() => verifyOAuthState('secret', `${forged}.${mac}`, 1_000))).toBe('AUTH.GOOGLE_STATE_INVALID');
    expect(code(() => verifyOAuthState('other-secret', token, 1_000))).toBe('AUTH.GOOGLE_STATE_INVALID');
    expect(code(() => verifyOAuthState('secret', `${body}`, 1_000))).toBe('AUTH.GOOGLE_STATE_INVALID');
    expect(code(() => verifyOAuthState('secret', token, 2_000_000_001_000))).toBe('AUTH.GOOGLE_STATE_INVALID');
  });
});

describe('connection deciders', () => {
  const granted = {
    type: 'GoogleAuthorizationGranted' as const,
    data: {
      processId: 'p1',
      companyId: 'c1',
      userId: 'u1',
      googleUser: { sub: 's', email: 'a@gmail.com', name: 'A', picture: null },
      sealedCredentials: 'v1.x.y.z',
      scope: 'x',
      accounts: [{ name: 'accounts/1', accountName: 'Brand', type: 'LOCATION_GROUP', role: 'OWNER', verificationState: null }],
      isNewCompany: false,
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
  };
  const stateOf = (events: Parameters<typeof processDecider.evolve>[1][]) => events.reduce(processDecider.evolve, processDecider.initialState());

  it('uses a state once', () => {
    expect(processDecider.decide({ type: 'GrantAuthorization', data: granted.data }, stateOf([]))).toEqual(granted);
    expect(code(() => processDecider.decide({ type: 'GrantAuthorization', data: granted.data }, stateOf([granted])))).toBe('AUTH.GOOGLE_STATE_USED');
  });

  it('starts an import only for its own company before the process expires', () => {
    const s = stateOf([granted]);
    const now = '2029-01-01T00:00:00.000Z';
    expect(processDecider.decide({ type: 'RequestImport', data: { companyId: 'c1', connectionIds: ['k'], accountNames: ['accounts/1'], now } }, s)).toEqual({
      type: 'LocationsImportRequested',
      data: { processId: 'p1', companyId: 'c1', connectionIds: ['k'], accountNames: ['accounts/1'] },
    });
    expect(code(() => processDecider.decide({ type: 'RequestImport', data: { companyId: 'c2', connectionIds: [], accountNames: [], now } }, s))).toBe(
      'CONNECTIONS.PROCESS_NOT_FOUND',
    );
    expect(
      code(() =>
        processDecider.decide({ type: 'RequestImport', data: { companyId: 'c1', connectionIds: [], accountNames: [], now: '2031-01-01T00:00:00.000Z' } }, s),
      ),
    ).toBe('CONNECTIONS.PROCESS_EXPIRED');
  });

  it('accepts only the accounts Google listed for the process', () => {
    const s = stateOf([granted]) as Extract<ProcessState, { status: 'granted' }>;
    expect(selectedAccounts(s, ['1', 'accounts/1']).map((a) => a.name)).toEqual(['accounts/1']);
    expect(code(() => selectedAccounts(s, ['accounts/2']))).toBe('CONNECTIONS.UNKNOWN_ACCOUNT');
  });

  it('disconnects a connected account of the same company only', () => {
    const connected = {
      type: 'GoogleAccountConnected' as const,
      data: {
        connectionId: 'k1',
        companyId: 'c1',
        processId: 'p1',
        accountName: 'accounts/1',
        accountDisplayName: 'Brand',
        accountType: 'LOCATION_GROUP',
        googleUser: granted.data.googleUser,
        sealedCredentials: 'v1.a.b.c',
        connectedBy: 'u1',
      },
    };
    const s = accountDecider.evolve(accountDecider.initialState(), connected);
    expect(accountDecider.decide({ type: 'DisconnectAccount', data: { companyId: 'c1' } }, s)).toEqual({
      type: 'GoogleAccountDisconnected',
      data: { connectionId: 'k1', companyId: 'c1', accountName: 'accounts/1' },
    });
    expect(code(() => accountDecider.decide({ type: 'DisconnectAccount', data: { companyId: 'c2' } }, s))).toBe('CONNECTIONS.ACCOUNT_NOT_FOUND');
    const gone = accountDecider.evolve(s, { type: 'GoogleAccountDisconnected', data: { connectionId: 'k1', companyId: 'c1', accountName: 'accounts/1' } });
    expect(code(() => accountDecider.decide({ type: 'DisconnectAccount', data: { companyId: 'c1' } }, gone))).toBe('CONNECTIONS.ACCOUNT_NOT_FOUND');
  });

  it('derives stable ids per company', () => {
    expect(connectionIdOf('c1', 'accounts/1')).toBe(connectionIdOf('c1', 'accounts/1'));
    expect(connectionIdOf('c1', 'accounts/1')).not.toBe(connectionIdOf('c2', 'accounts/1'));
    expect(importedLocationIdOf('c1', 'locations/9')).not.toBe(importedLocationIdOf('c2', 'locations/9'));
  });
});
