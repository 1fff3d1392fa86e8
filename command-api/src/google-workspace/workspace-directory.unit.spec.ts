import { describe, it } from 'vitest';
import type { GoogleWorkspaceEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { workspaceDirectoryDecider } from './workspace-directory';

const spec = deciderSpec(workspaceDirectoryDecider);
const connection = { companyId: 'c1', googleUserEmail: 'admin@garcia.example', refreshToken: 'r1', scope: 'directory', connectedByUserId: 'u1' };
const connected: GoogleWorkspaceEvent = { type: 'GoogleWorkspaceConnected', data: connection };
const added = { companyId: 'c1', directoryUserId: 'd1', primaryEmail: 'ann@garcia.example', userId: 'u2' };

describe('Workspace directory decider', () => {
  it('records a consent, also again with another administrator', () => {
    spec.given([]).when({ type: 'RecordConnection', data: connection }).then([connected]);
    const again = { ...connection, googleUserEmail: 'other@garcia.example', refreshToken: 'r2' };
    spec
      .given([connected])
      .when({ type: 'RecordConnection', data: again })
      .then([{ type: 'GoogleWorkspaceConnected', data: again }]);
  });

  it('adds a directory user once', () => {
    spec
      .given([connected])
      .when({ type: 'RecordUserAdded', data: added })
      .then([{ type: 'GoogleWorkspaceUserAdded', data: added }]);
    spec
      .given([connected, { type: 'GoogleWorkspaceUserAdded', data: added }])
      .when({ type: 'RecordUserAdded', data: { ...added, userId: 'u3' } })
      .thenThrows({ code: 'GOOGLE_WORKSPACE.ALREADY_ADDED', kind: 'conflict' });
    spec
      .given([connected, { type: 'GoogleWorkspaceUserAdded', data: added }])
      .when({ type: 'RecordUserAdded', data: { ...added, directoryUserId: 'd2', userId: 'u3' } })
      .then([{ type: 'GoogleWorkspaceUserAdded', data: { ...added, directoryUserId: 'd2', userId: 'u3' } }]);
  });
});

describe('Workspace directory decider: disconnecting', () => {
  const connected: GoogleWorkspaceEvent = {
    type: 'GoogleWorkspaceConnected',
    data: { companyId: 'c1', googleUserEmail: 'jordan@summit.example', refreshToken: 'sealed', scope: 'directory', connectedByUserId: 'u1' },
  };
  const disconnect = { type: 'Disconnect' as const, data: { companyId: 'c1', disconnectedByUserId: 'u2' } };
  const disconnected: GoogleWorkspaceEvent = {
    type: 'GoogleWorkspaceDisconnected',
    data: { companyId: 'c1', googleUserEmail: 'jordan@summit.example', disconnectedByUserId: 'u2' },
  };

  it('disconnects a stored consent, naming the account it was', () => {
    spec.given([connected]).when(disconnect).then([disconnected]);
  });
  it('refuses to disconnect when nothing is connected, before a consent or after a disconnect', () => {
    spec.given([]).when(disconnect).thenThrows({ code: 'GOOGLE_WORKSPACE.NOT_CONNECTED' });
    spec.given([connected, disconnected]).when(disconnect).thenThrows({ code: 'GOOGLE_WORKSPACE.NOT_CONNECTED' });
  });
  it('connects again after a disconnect (another account)', () => {
    const other = { ...connected.data, googleUserEmail: 'casey@summit.example' };
    spec
      .given([connected, disconnected])
      .when({ type: 'RecordConnection', data: other })
      .then([{ type: 'GoogleWorkspaceConnected', data: other }]);
  });
});
