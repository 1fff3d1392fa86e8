import { type AzureEvent, azureErrors } from '@locus/contracts';
import { fail, failWith } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/**
 * Aggregate `azuredirectory-<companyId>`: the company's Entra app credentials, its delegated
 * Graph connection and the directory users already added to the agency. Secrets and tokens
 * arrive sealed; the decider never sees them in clear.
 */
export interface AzureDirectoryState {
  credentials: { clientId: string; tenantId: string; clientSecret: string } | null;
  connection: { clientId: string; tenantId: string; accessToken: string; refreshToken: string | null; expiresAt: string } | null;
  /** directoryUserId → Locus user id. */
  connectedUsers: Record<string, string>;
}

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string;
}

export type AzureDirectoryCommand =
  | { type: 'SaveAzureCredentials'; companyId: string; clientId: string; tenantId: string; sealedSecret: string }
  | { type: 'RecordAzureConnection'; companyId: string; clientId: string; tenantId: string; tokens: SealedTokens; scope: string; userId: string }
  | { type: 'RecordAzureTokenRefresh'; companyId: string; tokens: SealedTokens }
  | { type: 'RecordAzureConnectionLost'; companyId: string; reason: string }
  | { type: 'ConnectDirectoryUser'; companyId: string; directoryUserId: string; displayName: string; userPrincipalName: string; userId: string };

export function decideAzureDirectory(command: AzureDirectoryCommand, state: AzureDirectoryState): AzureEvent[] {
  switch (command.type) {
    case 'SaveAzureCredentials':
      return [
        {
          type: 'AzureCredentialsSaved',
          data: { companyId: command.companyId, clientId: command.clientId, tenantId: command.tenantId, clientSecret: command.sealedSecret },
        },
      ];
    case 'RecordAzureConnection': {
      if (!state.credentials) throw fail(azureErrors.noCredentials);
      if (state.credentials.clientId !== command.clientId || state.credentials.tenantId !== command.tenantId) throw fail(azureErrors.credentialsChanged);
      return [
        {
          type: 'AzureDirectoryConnected',
          data: {
            companyId: command.companyId,
            tenantId: command.tenantId,
            clientId: command.clientId,
            ...command.tokens,
            scope: command.scope,
            connectedByUserId: command.userId,
          },
        },
      ];
    }
    case 'RecordAzureTokenRefresh':
      if (!state.connection) throw fail(azureErrors.notConnected);
      return [{ type: 'AzureTokensRefreshed', data: { companyId: command.companyId, ...command.tokens } }];
    case 'RecordAzureConnectionLost':
      return state.connection ? [{ type: 'AzureDirectoryConnectionLost', data: { companyId: command.companyId, reason: command.reason } }] : [];
    case 'ConnectDirectoryUser': {
      if (!state.connection) throw fail(azureErrors.notConnected);
      if (state.connectedUsers[command.directoryUserId]) throw failWith(azureErrors.alreadyConnected, command.displayName);
      const { type: _t, ...data } = command;
      return [{ type: 'AzureDirectoryUserConnected', data }];
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveAzureDirectory(state: AzureDirectoryState, event: AzureEvent): AzureDirectoryState {
  switch (event.type) {
    case 'AzureCredentialsSaved': {
      const { clientId, tenantId, clientSecret } = event.data;
      // Tokens belong to one app in one tenant: another app or tenant needs a new consent.
      const keep = state.connection && state.connection.clientId === clientId && state.connection.tenantId === tenantId;
      return { ...state, credentials: { clientId, tenantId, clientSecret }, connection: keep ? state.connection : null };
    }
    case 'AzureDirectoryConnected': {
      const { clientId, tenantId, accessToken, refreshToken, expiresAt } = event.data;
      return { ...state, connection: { clientId, tenantId, accessToken, refreshToken, expiresAt } };
    }
    case 'AzureTokensRefreshed':
      return state.connection
        ? {
            ...state,
            connection: {
              ...state.connection,
              accessToken: event.data.accessToken,
              refreshToken: event.data.refreshToken ?? state.connection.refreshToken,
              expiresAt: event.data.expiresAt,
            },
          }
        : state;
    case 'AzureDirectoryConnectionLost':
      return { ...state, connection: null };
    case 'AzureDirectoryUserConnected':
      return { ...state, connectedUsers: { ...state.connectedUsers, [event.data.directoryUserId]: event.data.userId } };
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const initialAzureDirectory = (): AzureDirectoryState => ({ credentials: null, connection: null, connectedUsers: {} });

export const azureDirectoryDecider: Decider<AzureDirectoryState, AzureDirectoryCommand, AzureEvent> = {
  initialState: initialAzureDirectory,
  evolve: evolveAzureDirectory,
  decide: decideAzureDirectory,
};
