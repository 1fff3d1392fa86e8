import {
  connectionMessages as m,
  type ConnectedAccountEvent,
  type ConnectionProcessEvent,
  type GoogleAccountSummary,
  type GoogleUser,
  authErrors,
  connectionErrors,
} from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

// ---------- connection process (`gmbconnection-<processId>`) ----------

export type ProcessState =
  | { status: 'none' }
  | { status: 'signed-in'; processId: string; userId: string }
  | {
      status: 'granted';
      processId: string;
      companyId: string;
      userId: string;
      googleUser: GoogleUser;
      sealedCredentials: string;
      accounts: GoogleAccountSummary[];
      isNewCompany: boolean;
      expiresAt: string;
      importsRequested: number;
    };

export const initialProcessState = (): ProcessState => ({ status: 'none' });

export function evolveProcess(state: ProcessState, event: ConnectionProcessEvent): ProcessState {
  switch (event.type) {
    case 'GoogleAuthorizationGranted': {
      const d = event.data;
      return {
        status: 'granted',
        processId: d.processId,
        companyId: d.companyId,
        userId: d.userId,
        googleUser: d.googleUser,
        sealedCredentials: d.sealedCredentials,
        accounts: d.accounts,
        isNewCompany: d.isNewCompany,
        expiresAt: d.expiresAt,
        importsRequested: 0,
      };
    }
    case 'GoogleSignInSucceeded':
      return { status: 'signed-in', processId: event.data.processId, userId: event.data.userId };
    case 'LocationsImportRequested':
      return state.status === 'granted' ? { ...state, importsRequested: state.importsRequested + 1 } : state;
    case 'LocationsImportProgressed':
    case 'LocationsImportFailed':
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export type ProcessCommand =
  | { type: 'GrantAuthorization'; data: Extract<ConnectionProcessEvent, { type: 'GoogleAuthorizationGranted' }>['data'] }
  | { type: 'RecordGoogleSignIn'; data: Extract<ConnectionProcessEvent, { type: 'GoogleSignInSucceeded' }>['data'] }
  | { type: 'RequestImport'; data: { companyId: string; connectionIds: string[]; accountNames: string[]; now: string } };

const stateAlreadyUsed = () => fail(authErrors.googleStateUsed);

export const processDecider: Decider<ProcessState, ProcessCommand, ConnectionProcessEvent> = {
  initialState: initialProcessState,
  evolve: evolveProcess,
  decide(command, state) {
    switch (command.type) {
      case 'GrantAuthorization':
        if (state.status !== 'none') throw stateAlreadyUsed();
        return { type: 'GoogleAuthorizationGranted', data: command.data };
      case 'RecordGoogleSignIn':
        if (state.status !== 'none') throw stateAlreadyUsed();
        return { type: 'GoogleSignInSucceeded', data: command.data };
      case 'RequestImport': {
        const { companyId, connectionIds, accountNames, now } = command.data;
        if (state.status !== 'granted' || state.companyId !== companyId) throw fail(connectionErrors.processNotFound);
        if (state.expiresAt < now) throw fail(connectionErrors.processExpired);
        return { type: 'LocationsImportRequested', data: { processId: state.processId, companyId, connectionIds, accountNames } };
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

/** The process accounts named by the selection (`accounts/<id>` or `<id>`); 400 for a name Google did not offer. */
export function selectedAccounts(state: Extract<ProcessState, { status: 'granted' }>, selected: readonly string[]): GoogleAccountSummary[] {
  const byName = new Map(state.accounts.map((a) => [a.name, a]));
  const out: GoogleAccountSummary[] = [];
  const bad: string[] = [];
  for (const raw of selected) {
    const name = raw.startsWith('accounts/') ? raw : `accounts/${raw}`;
    const account = byName.get(name);
    if (!account) bad.push(raw);
    else if (!out.includes(account)) out.push(account);
  }
  if (bad.length) {
    throw fail(
      connectionErrors.unknownAccount,
      bad.map((b) => ({ field: 'SelectedAccounts', message: `${m.accountNotInProcess}: ${b}` })),
    );
  }
  return out;
}

// ---------- connected account (`gmbaccount-<connectionId>`) ----------

export type ConnectedAccountState =
  | { status: 'none' }
  | {
      status: 'connected' | 'disconnected';
      connectionId: string;
      companyId: string;
      accountName: string;
      accountDisplayName: string;
      accountType: string;
      googleUser: GoogleUser;
      sealedCredentials: string;
    };

export const initialAccountState = (): ConnectedAccountState => ({ status: 'none' });

export function evolveAccount(state: ConnectedAccountState, event: ConnectedAccountEvent): ConnectedAccountState {
  switch (event.type) {
    case 'GoogleAccountConnected': {
      const d = event.data;
      return {
        status: 'connected',
        connectionId: d.connectionId,
        companyId: d.companyId,
        accountName: d.accountName,
        accountDisplayName: d.accountDisplayName,
        accountType: d.accountType,
        googleUser: d.googleUser,
        sealedCredentials: d.sealedCredentials,
      };
    }
    case 'GoogleAccountDisconnected':
      return state.status === 'none' ? state : { ...state, status: 'disconnected' };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export type AccountCommand =
  | { type: 'ConnectAccount'; data: Extract<ConnectedAccountEvent, { type: 'GoogleAccountConnected' }>['data'] }
  | { type: 'DisconnectAccount'; data: { companyId: string } };

export const accountNotFound = () => fail(connectionErrors.accountNotFound);

export const accountDecider: Decider<ConnectedAccountState, AccountCommand, ConnectedAccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide(command, state) {
    switch (command.type) {
      case 'ConnectAccount':
        // Connecting again (new grant) replaces the stored credentials and re-imports.
        if (state.status !== 'none' && state.companyId !== command.data.companyId) throw accountNotFound();
        return { type: 'GoogleAccountConnected', data: command.data };
      case 'DisconnectAccount':
        if (state.status !== 'connected' || state.companyId !== command.data.companyId) throw accountNotFound();
        return { type: 'GoogleAccountDisconnected', data: { connectionId: state.connectionId, companyId: state.companyId, accountName: state.accountName } };
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
