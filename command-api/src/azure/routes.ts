import {
  AZURE_CALLBACK_PATH,
  AZURE_SCOPES,
  azureAddToAgencyRoute,
  azureCallbackRoute,
  azureConnectRoute,
  azureDirectoryStream,
  type AzureDirectoryUser,
  azureMessages,
  azureSealContext,
  azureUsersRoute,
  saveAzureCredentialsRoute,
  azureErrors,
} from '@locus/contracts';
import { implement, ok, publicBaseOf, type CommandDeps, type RequestContext, type RouteImplementation, fail, failWith, invalidInput } from '@locus/platform';
import { createSecretBox, SecretBoxError } from '@locus/platform/crypto/secret-box';
import { eventMetadata, handleCommand, loadStream } from '../kit';
import { createCompanyUser } from '../users/public';
import { azureDirectoryDecider, type AzureDirectoryCommand, type AzureDirectoryState } from './azure-directory';
import { createGraphClient, GraphUnauthorizedError, IdentityPlatformError, type GraphClient, type TokenSet } from './graph-client';
import { createOAuthStateSigner } from './oauth-state';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;

export interface AzureRouteOptions {
  /** Injected for tests; default global fetch. */
  fetch?: typeof fetch;
}

export function azureCommandRoutes(deps: CommandDeps, options: AzureRouteOptions = {}): RouteImplementation[] {
  const box = createSecretBox(deps.config.encryptionKey, deps.config.previousEncryptionKeys);
  const graph: GraphClient = createGraphClient(deps.config.graph, options.fetch);
  const states = createOAuthStateSigner(deps.config.jwtSecret, deps.clock);
  // Back to where the browser reached Locus (or LOCUS_PUBLIC_URL); the callback is posted from there too.
  const redirectUri = (req: Pick<RequestContext, 'origin'>) => `${publicBaseOf(deps.config, req)}${AZURE_CALLBACK_PATH}`;
  const newId = () => deps.ids.uuid();

  const open = (companyId: string, field: 'clientSecret' | 'accessToken' | 'refreshToken', sealed: string) => {
    try {
      return box.decrypt(sealed, azureSealContext(companyId, field));
    } catch (err) {
      if (err instanceof SecretBoxError) throw fail(azureErrors.cannotDecrypt);
      throw err;
    }
  };
  const seal = (companyId: string, field: 'clientSecret' | 'accessToken' | 'refreshToken', plain: string) =>
    box.encrypt(plain, azureSealContext(companyId, field));
  const sealTokens = (companyId: string, t: TokenSet, previousRefresh: string | null = null) => ({
    accessToken: seal(companyId, 'accessToken', t.accessToken),
    refreshToken: t.refreshToken ? seal(companyId, 'refreshToken', t.refreshToken) : previousRefresh,
    expiresAt: new Date(deps.clock.now().getTime() + t.expiresInSeconds * 1000).toISOString(),
  });

  const load = async (companyId: string): Promise<AzureDirectoryState> =>
    (await loadStream(deps.eventStore, azureDirectoryStream(companyId), azureDirectoryDecider)).state;

  const run = (companyId: string, req: Req, command: AzureDirectoryCommand) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: azureDirectoryStream(companyId),
      decider: azureDirectoryDecider,
      command,
      metadata: eventMetadata(req, companyId, deps.clock),
      newId,
    });

  const identityFailure = (err: IdentityPlatformError) => failWith(azureErrors.connectFailed, err.description || err.error);

  /** Refreshes the access token; a refused refresh token ends the connection (a new consent is needed). */
  async function refresh(companyId: string, req: Req, state: AzureDirectoryState): Promise<string> {
    const { credentials, connection } = state;
    if (!credentials || !connection) throw fail(azureErrors.notConnected);
    if (!connection.refreshToken) {
      await run(companyId, req, { type: 'RecordAzureConnectionLost', companyId, reason: 'no refresh token' });
      throw fail(azureErrors.notConnected);
    }
    let tokens: TokenSet;
    try {
      tokens = await graph.refresh({
        tenantId: connection.tenantId,
        clientId: connection.clientId,
        clientSecret: open(companyId, 'clientSecret', credentials.clientSecret),
        refreshToken: open(companyId, 'refreshToken', connection.refreshToken),
        scope: AZURE_SCOPES,
      });
    } catch (err) {
      if (err instanceof IdentityPlatformError && err.grantRejected) {
        await run(companyId, req, { type: 'RecordAzureConnectionLost', companyId, reason: err.description || err.error });
        throw fail(azureErrors.notConnected);
      }
      if (err instanceof IdentityPlatformError) throw identityFailure(err);
      throw err;
    }
    await run(companyId, req, { type: 'RecordAzureTokenRefresh', companyId, tokens: sealTokens(companyId, tokens, connection.refreshToken) });
    return tokens.accessToken;
  }

  /** Runs a Graph call with a valid access token: refreshed ahead of expiry, and once more if Graph refuses it. */
  async function withAccessToken<T>(companyId: string, req: Req, call: (accessToken: string) => Promise<T>): Promise<T> {
    const state = await load(companyId);
    if (!state.credentials) throw fail(azureErrors.noCredentials);
    if (!state.connection) throw fail(azureErrors.notConnected);
    const expiresAt = Date.parse(state.connection.expiresAt);
    let token =
      expiresAt - REFRESH_MARGIN_MS <= deps.clock.now().getTime()
        ? await refresh(companyId, req, state)
        : open(companyId, 'accessToken', state.connection.accessToken);
    try {
      return await call(token);
    } catch (err) {
      if (!(err instanceof GraphUnauthorizedError)) throw err;
      token = await refresh(companyId, req, await load(companyId));
      try {
        return await call(token);
      } catch (again) {
        if (again instanceof GraphUnauthorizedError) throw fail(azureErrors.notConnected);
        throw again;
      }
    }
  }

  return [
    implement(saveAzureCredentialsRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const { AzureClientId, AzureClientSecret, AzureTenantId } = req.body;
      const result = await run(companyId, req, {
        type: 'SaveAzureCredentials',
        companyId,
        clientId: AzureClientId.trim(),
        tenantId: AzureTenantId.trim().toLowerCase(),
        sealedSecret: seal(companyId, 'clientSecret', AzureClientSecret.trim()),
      });
      return ok(undefined, { message: azureMessages.keysSaved, position: result.position });
    }),

    implement(azureConnectRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const { credentials } = await load(companyId);
      if (!credentials) {
        return { body: { Success: true, CanConnect: false, HasAzureCredentials: false, RedirectUrl: null, ErrorMessage: azureMessages.noCredentials } };
      }
      const RedirectUrl = graph.authorizeUrl({
        tenantId: credentials.tenantId,
        clientId: credentials.clientId,
        redirectUri: redirectUri(req),
        state: states.sign(companyId, req.auth!.userId),
        scope: AZURE_SCOPES,
      });
      return { body: { Success: true, CanConnect: true, HasAzureCredentials: true, RedirectUrl, ErrorMessage: null } };
    }),

    implement(azureCallbackRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const signed = states.verify(req.body.State);
      if (!signed || signed.companyId !== companyId || signed.userId !== req.auth!.userId) {
        throw fail(azureErrors.invalidState, [{ field: 'State', message: 'The sign-in request has expired or is not yours' }]);
      }
      const { credentials } = await load(companyId);
      if (!credentials) throw fail(azureErrors.noCredentials);
      let tokens: TokenSet;
      try {
        tokens = await graph.exchangeCode({
          tenantId: credentials.tenantId,
          clientId: credentials.clientId,
          clientSecret: open(companyId, 'clientSecret', credentials.clientSecret),
          code: req.body.Code,
          redirectUri: redirectUri(req),
          scope: AZURE_SCOPES,
        });
      } catch (err) {
        if (err instanceof IdentityPlatformError) throw identityFailure(err);
        throw err;
      }
      const result = await run(companyId, req, {
        type: 'RecordAzureConnection',
        companyId,
        clientId: credentials.clientId,
        tenantId: credentials.tenantId,
        tokens: sealTokens(companyId, tokens),
        scope: tokens.scope,
        userId: req.auth!.userId,
      });
      return ok(undefined, { message: azureMessages.connected, position: result.position });
    }),

    implement(azureUsersRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const users = await withAccessToken(companyId, req, (token) => graph.listUsers(token));
      const { connectedUsers } = await load(companyId);
      const ResponseData: AzureDirectoryUser[] = users
        .filter((u) => !connectedUsers[u.id])
        .map((u) => ({ id: u.id, displayName: u.displayName, givenName: u.givenName, userPrincipalName: u.userPrincipalName, isConnected: false }))
        .sort((a, b) => a.displayName.localeCompare(b.displayName));
      return { body: { Success: true, ResponseData } };
    }),

    implement(azureAddToAgencyRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const body = req.body;
      const state = await load(companyId);
      if (state.connectedUsers[body.Id]) throw failWith(azureErrors.alreadyConnected, body.DisplayName);
      const user = await withAccessToken(companyId, req, (token) => graph.getUser(token, body.Id));
      if (!user) throw fail(azureErrors.directoryUserNotFound);
      if (user.userPrincipalName.toLowerCase() !== body.UserPrincipalName.toLowerCase()) {
        throw invalidInput([{ field: 'UserPrincipalName', message: 'UserPrincipalName does not match the directory user' }]);
      }
      const [first, ...rest] = user.displayName.trim().split(/\s+/);
      const metadata = eventMetadata(req, companyId, deps.clock);
      const created = await createCompanyUser(
        deps,
        {
          companyId,
          FirstName: user.givenName ?? first ?? user.userPrincipalName,
          LastName: user.surname ?? rest.join(' '),
          Email: user.mail ?? user.userPrincipalName,
          PhoneNumber: user.mobilePhone ?? user.businessPhones[0] ?? '',
          role: 'CompanyUser',
          source: 'azure-import',
        },
        metadata,
      );
      const connected = await run(companyId, req, {
        type: 'ConnectDirectoryUser',
        companyId,
        directoryUserId: user.id,
        displayName: user.displayName,
        userPrincipalName: user.userPrincipalName,
        userId: created.userId,
      });
      return ok(
        { UserId: created.userId },
        { message: azureMessages.addedToAgency(user.displayName), position: Math.max(created.position, connected.position) },
      );
    }),
  ];
}
