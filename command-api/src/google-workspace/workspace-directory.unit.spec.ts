import { describe, it } from 'vitest';
import type { GoogleWorkspaceEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { workspaceDirectoryDecider } from './workspace-directory';

const spec = deciderSpec(workspaceDirectoryDecider);
const connected: GoogleWorkspaceEvent = {
  type: 'GoogleWorkspaceConnected',
  data: { companyId: 'c1', googleUserEmail: 'jordan@summit.example', refreshToken: 'sealed', scope: 'directory', connectedByUserId: 'u1' },
};
const disconnect = { type: 'Disconnect' as const, data: { companyId: 'c1', disconnectedByUserId: 'u2' } };
const disconnected: GoogleWorkspaceEvent = {
  type: 'GoogleWorkspaceDisconnected',
  data: { companyId: 'c1', googleUserEmail: 'jordan@summit.example', disconnectedByUserId: 'u2' },
};

describe('Google Workspace directory decider', () => {
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
