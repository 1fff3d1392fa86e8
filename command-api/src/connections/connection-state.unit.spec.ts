import { describe, it } from 'vitest';
import type { ConnectedAccountEvent, ConnectionProcessEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { accountDecider, processDecider } from './connection-state';

const googleUser = { sub: 'g1', email: 'owner@garcia.example', name: 'Maria Garcia', picture: null };

describe('connection process decider', () => {
  const spec = deciderSpec(processDecider);
  const grant = {
    processId: 'p1',
    companyId: 'c1',
    userId: 'u1',
    googleUser,
    sealedCredentials: 'sealed:1',
    scope: 'business.manage',
    accounts: [{ name: 'accounts/1', accountName: 'Garcia Dental', type: 'PERSONAL', role: 'OWNER', verificationState: null }],
    isNewCompany: false,
    expiresAt: '2026-11-28T11:00:00.000Z',
  };
  const granted: ConnectionProcessEvent = { type: 'GoogleAuthorizationGranted', data: grant };
  const signIn = { processId: 'p1', userId: 'u1', companyId: 'c1', googleSub: 'g1', email: 'owner@garcia.example', tokenId: 't1' };
  const importFor = (companyId: string, now: string) => ({
    type: 'RequestImport' as const,
    data: { companyId, connectionIds: ['k1'], accountNames: ['accounts/1'], now },
  });

  it('uses an OAuth state once, for a grant or a sign-in', () => {
    spec.given([]).when({ type: 'GrantAuthorization', data: grant }).then([granted]);
    spec.given([granted]).when({ type: 'GrantAuthorization', data: grant }).thenThrows({ code: 'AUTH.GOOGLE_STATE_USED', kind: 'conflict' });
    spec
      .given([])
      .when({ type: 'RecordGoogleSignIn', data: signIn })
      .then([{ type: 'GoogleSignInSucceeded', data: signIn }]);
    spec
      .given([{ type: 'GoogleSignInSucceeded', data: signIn }])
      .when({ type: 'RecordGoogleSignIn', data: signIn })
      .thenThrows('AUTH.GOOGLE_STATE_USED');
  });

  it("imports from a granted, unexpired process of the caller's company", () => {
    spec
      .given([granted])
      .when(importFor('c1', '2026-11-28T10:30:00.000Z'))
      .then([{ type: 'LocationsImportRequested', data: { processId: 'p1', companyId: 'c1', connectionIds: ['k1'], accountNames: ['accounts/1'] } }]);
    spec.given([granted]).when(importFor('c2', '2026-11-28T10:30:00.000Z')).thenThrows({ code: 'CONNECTIONS.PROCESS_NOT_FOUND', kind: 'not_found' });
    spec.given([granted]).when(importFor('c1', '2026-11-28T11:30:00.000Z')).thenThrows('CONNECTIONS.PROCESS_EXPIRED');
    spec.given([]).when(importFor('c1', '2026-11-28T10:30:00.000Z')).thenThrows('CONNECTIONS.PROCESS_NOT_FOUND');
  });
});

describe('connected account decider', () => {
  const spec = deciderSpec(accountDecider);
  const account = {
    connectionId: 'k1',
    companyId: 'c1',
    processId: 'p1',
    accountName: 'accounts/1',
    accountDisplayName: 'Garcia Dental',
    accountType: 'PERSONAL',
    googleUser,
    sealedCredentials: 'sealed:1',
    connectedBy: 'u1',
  };
  const connected: ConnectedAccountEvent = { type: 'GoogleAccountConnected', data: account };
  const disconnected: ConnectedAccountEvent = { type: 'GoogleAccountDisconnected', data: { connectionId: 'k1', companyId: 'c1', accountName: 'accounts/1' } };

  it('connects, and connects again with new credentials, only for its own company', () => {
    spec.given([]).when({ type: 'ConnectAccount', data: account }).then([connected]);
    const again = { ...account, sealedCredentials: 'sealed:2', processId: 'p2' };
    spec
      .given([connected])
      .when({ type: 'ConnectAccount', data: again })
      .then([{ type: 'GoogleAccountConnected', data: again }]);
    spec
      .given([connected])
      .when({ type: 'ConnectAccount', data: { ...account, companyId: 'c2' } })
      .thenThrows({ code: 'CONNECTIONS.ACCOUNT_NOT_FOUND', kind: 'not_found' });
  });

  it("disconnects a connected account of the caller's company once", () => {
    spec
      .given([connected])
      .when({ type: 'DisconnectAccount', data: { companyId: 'c1' } })
      .then([disconnected]);
    spec
      .given([connected, disconnected])
      .when({ type: 'DisconnectAccount', data: { companyId: 'c1' } })
      .thenThrows('CONNECTIONS.ACCOUNT_NOT_FOUND');
    spec
      .given([connected])
      .when({ type: 'DisconnectAccount', data: { companyId: 'c2' } })
      .thenThrows('CONNECTIONS.ACCOUNT_NOT_FOUND');
  });
});
