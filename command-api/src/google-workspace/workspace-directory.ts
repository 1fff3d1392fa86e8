import { googleWorkspaceErrors } from '@locus/contracts';
import type { GoogleWorkspaceEvent } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/** A company's Workspace directory consent and the directory users it already added. */
export interface WorkspaceDirectoryState {
  connection: { googleUserEmail: string; refreshToken: string; scope: string } | null;
  addedUsers: Record<string, string>;
}

export type WorkspaceDirectoryCommand =
  | { type: 'RecordConnection'; data: Extract<GoogleWorkspaceEvent, { type: 'GoogleWorkspaceConnected' }>['data'] }
  | { type: 'RecordUserAdded'; data: Extract<GoogleWorkspaceEvent, { type: 'GoogleWorkspaceUserAdded' }>['data'] }
  | { type: 'Disconnect'; data: { companyId: string; disconnectedByUserId: string } };

export const workspaceDirectoryDecider: Decider<WorkspaceDirectoryState, WorkspaceDirectoryCommand, GoogleWorkspaceEvent> = {
  initialState: () => ({ connection: null, addedUsers: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'GoogleWorkspaceConnected':
        return { ...state, connection: { googleUserEmail: event.data.googleUserEmail, refreshToken: event.data.refreshToken, scope: event.data.scope } };
      case 'GoogleWorkspaceDisconnected':
        return { ...state, connection: null };
      case 'GoogleWorkspaceUserAdded':
        return { ...state, addedUsers: { ...state.addedUsers, [event.data.directoryUserId]: event.data.userId } };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordConnection':
        return { type: 'GoogleWorkspaceConnected', data: command.data };
      case 'RecordUserAdded':
        if (state.addedUsers[command.data.directoryUserId]) throw fail(googleWorkspaceErrors.alreadyAdded);
        return { type: 'GoogleWorkspaceUserAdded', data: command.data };
      case 'Disconnect':
        if (!state.connection) throw fail(googleWorkspaceErrors.notConnected);
        return { type: 'GoogleWorkspaceDisconnected', data: { ...command.data, googleUserEmail: state.connection.googleUserEmail } };
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
