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
