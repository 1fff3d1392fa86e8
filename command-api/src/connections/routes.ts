import {
  CONNECTION_PROCESS_TTL_SECONDS,
  OAUTH_STATE_TTL_SECONDS,
  authCallbackRoute,
  connectAccountsRoute,
  connectTokenUrlRoute,
  connectedAccountStream,
  connectionMessages as m,
  connectionProcessStream,
  disconnectAccountRoute,
  googleSignInTokenUrlRoute,
  type AuthCallbackResponse,
  type EventMetadata,
  type TokenUrlResponse,
  authErrors,
  connectionErrors,
} from '@locus/contracts';
import {
  callerCompanyId,
  implement,
  publicBaseOf,
  type AnyRequest,
  type CommandDeps,
  type RequestContext,
  type RouteImplementation,
  fail,
} from '@locus/platform';
import { claimsFor, loadCompanyState } from '../identity/public';
import { eventMetadata, handleCommand, loadStream } from '../kit';
import { findUserByEmail } from '../users/public';
import { GoogleApiError, googleErrorToAppError } from '../google/errors';
import {
  accountDecider,
  accountNotFound,
  evolveAccount,
  initialAccountState,
  processDecider,
  selectedAccounts,
  evolveProcess,
  initialProcessState,
} from './connection-state';
import { accountSealContext, createGoogleAccess, googleUserOf, processSealContext, type GoogleAccess } from './google-access';
import { connectionIdOf, isUuid } from './ids';
import { signOAuthState, verifyOAuthState } from '../google/oauth-state';

/** Google failures become the API's error envelope (never a 500). */
export async function withGoogle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof GoogleApiError) throw googleErrorToAppError(err);
    throw err;
  }
}

/** The caller's company; connecting Google needs one (422). */
const companyOf = (req: RequestContext): string => callerCompanyId(req, () => fail(connectionErrors.noCompany));

export interface ConnectionsRouteOptions {
  google?: GoogleAccess;
}

export function connectionsCommandRoutes(deps: CommandDeps, options: ConnectionsRouteOptions = {}): RouteImplementation[] {
  const google = options.google ?? createGoogleAccess(deps);
  const now = () => deps.clock.now();

  const tokenUrl = (req: AnyRequest, purpose: 'connect' | 'signin', userId: string | null, companyId: string | null): TokenUrlResponse => {
    if (!google.hasCredentials) return { Success: true, CanConnect: false, HasGMBCredentials: false, ErrorMessage: m.noCredentials, RedirectUrl: null };
    const state = signOAuthState(deps.config.jwtSecret, {
      processId: deps.ids.uuid(),
      purpose,
      userId,
      companyId,
      expiresAt: Math.floor(now().getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
    });
    return {
      Success: true,
      CanConnect: true,
      HasGMBCredentials: true,
      ErrorMessage: null,
      RedirectUrl: google.authorizeUrl(state, undefined, publicBaseOf(deps.config, req)),
    };
  };

  const connectTokenUrl = implement(connectTokenUrlRoute, async (req) => ({ body: tokenUrl(req, 'connect', req.auth!.userId, companyOf(req)) }));
  const signInTokenUrl = implement(googleSignInTokenUrlRoute, async (req) => ({ body: tokenUrl(req, 'signin', null, null) }));

  const callback = implement(authCallbackRoute, async (req) => {
    const state = verifyOAuthState(deps.config.jwtSecret, req.body.State, now().getTime());
    if (state.purpose === 'connect' && req.auth && req.auth.userId !== state.userId) throw fail(authErrors.googleStateWrongUser);
    const tokens = await withGoogle(() => google.exchangeCode(req.body.Code, publicBaseOf(deps.config, req)));
    const googleUser = googleUserOf(await withGoogle(() => google.userInfo(tokens.accessToken)));
    const stream = connectionProcessStream(state.processId);

    if (state.purpose === 'signin') {
      const found = googleUser.email ? await findUserByEmail(deps.eventStore, googleUser.email) : null;
      const user = found && found.state.status !== 'none' && found.state.status !== 'deleted' ? found.state : null;
      if (!user) throw fail(authErrors.googleUserUnknown);
      // The Administrator's second factor (emailed code) cannot be skipped with Google.
      if (user.role === 'Administrator' || user.status !== 'active') throw fail(authErrors.googleSignInNotAllowed);
      if (user.companyId) {
        const company = await loadCompanyState(deps.eventStore, user.companyId);
        if (company.status !== 'active') throw fail(authErrors.googleSignInNotAllowed);
      }
      const issued = await deps.tokens.issue(await claimsFor(deps.eventStore, user));
      const metadata: EventMetadata = { ...eventMetadata(req, user.companyId, deps.clock), actor: { userId: user.userId, role: user.role } };
      const { position } = await handleCommand({
        eventStore: deps.eventStore,
        streamName: stream,
        decider: processDecider,
        command: {
          type: 'RecordGoogleSignIn',
          data: {
            processId: state.processId,
            userId: user.userId,
            companyId: user.companyId,
            googleSub: googleUser.sub,
            email: googleUser.email,
            tokenId: issued.tokenId,
          },
        },
        metadata,
        newId: () => deps.ids.uuid(),
      });
      const body: AuthCallbackResponse = {
        Success: true,
        ProcessId: null,
        IsNewCompanyCreated: false,
        IsReloadRequired: true,
        JustLoggingInUsingGoogleLoginBtn: true,
        ResponseMessage: m.signedIn,
        Token: issued.token,
      };
      return { body, position };
    }

    const companyId = state.companyId!;
    const userId = state.userId!;
    if (!tokens.refreshToken) throw fail(authErrors.googleNoRefreshToken);
    const client = google.clientForTokens(tokens);
    const accounts = await withGoogle(async () => {
      const list = [];
      for await (const a of client.allAccounts()) {
        list.push({ name: a.name, accountName: a.accountName, type: a.type, role: a.role ?? null, verificationState: a.verificationState ?? null });
      }
      return list;
    });
    const company = await loadCompanyState(deps.eventStore, companyId);
    if (company.status === 'none' || company.status === 'deleted') throw accountNotFound();
    const metadata: EventMetadata = {
      ...eventMetadata(req, companyId, deps.clock),
      actor: req.auth ? eventMetadata(req, companyId).actor : { userId, role: 'CompanyAdmin' },
    };
    const { position } = await handleCommand({
      eventStore: deps.eventStore,
      streamName: stream,
      decider: processDecider,
      command: {
        type: 'GrantAuthorization',
        data: {
          processId: state.processId,
          companyId,
          userId,
          googleUser,
          sealedCredentials: google.seal({ refreshToken: tokens.refreshToken, scope: tokens.scope ?? '' }, processSealContext(state.processId)),
          scope: tokens.scope ?? '',
          accounts,
          isNewCompany: company.companyName === null,
          expiresAt: new Date(now().getTime() + CONNECTION_PROCESS_TTL_SECONDS * 1000).toISOString(),
        },
      },
      metadata,
      newId: () => deps.ids.uuid(),
    });
    const body: AuthCallbackResponse = {
      Success: true,
      ProcessId: state.processId,
      IsNewCompanyCreated: company.companyName === null,
      IsReloadRequired: false,
      JustLoggingInUsingGoogleLoginBtn: false,
      ResponseMessage: m.accountConnected,
      Token: null,
    };
    return { body, position };
  });

  const connectAccounts = implement(connectAccountsRoute, async (req) => {
    const companyId = companyOf(req);
    const processId = req.params.processId;
    const { state } = await loadStream(deps.eventStore, connectionProcessStream(processId), { evolve: evolveProcess, initialState: initialProcessState });
    if (state.status !== 'granted' || state.companyId !== companyId) throw processNotFound();
    if (state.expiresAt < now().toISOString()) throw fail(connectionErrors.processExpired);
    const company = await loadCompanyState(deps.eventStore, companyId);
    if (company.status !== 'none' && company.companyName === null) {
      throw fail(connectionErrors.companyNameRequired, [{ field: 'CompanyName', message: 'Company name is required' }]);
    }
    const chosen = selectedAccounts(state, req.body.SelectedAccounts);
    const credentials = google.open(state.sealedCredentials, processSealContext(processId));
    const metadata = eventMetadata(req, companyId, deps.clock);
    const connectionIds: string[] = [];
    let position = 0;
    for (const account of chosen) {
      const connectionId = connectionIdOf(companyId, account.name);
      connectionIds.push(connectionId);
      const r = await handleCommand({
        eventStore: deps.eventStore,
        streamName: connectedAccountStream(connectionId),
        decider: accountDecider,
        command: {
          type: 'ConnectAccount',
          data: {
            connectionId,
            companyId,
            processId,
            accountName: account.name,
            accountDisplayName: account.accountName,
            accountType: account.type,
            googleUser: state.googleUser,
            sealedCredentials: google.seal(credentials, accountSealContext(connectionId)),
            connectedBy: req.auth!.userId,
          },
        },
        metadata,
        newId: () => deps.ids.uuid(),
      });
      position = Math.max(position, r.position);
    }
    const r = await handleCommand({
      eventStore: deps.eventStore,
      streamName: connectionProcessStream(processId),
      decider: processDecider,
      command: { type: 'RequestImport', data: { companyId, connectionIds, accountNames: chosen.map((a) => a.name), now: now().toISOString() } },
      metadata,
      newId: () => deps.ids.uuid(),
    });
    return {
      body: { Success: true, ResponseMessage: m.accountsConnected, Data: { ProcessId: processId, ConnectionIds: connectionIds } },
      position: Math.max(position, r.position),
    };
  });

  const disconnect = implement(disconnectAccountRoute, async (req) => {
    const companyId = companyOf(req);
    const name = req.params.name.trim();
    const connectionId = isUuid(name) ? name : connectionIdOf(companyId, name.startsWith('accounts/') ? name : `accounts/${name}`);
    const { state } = await loadStream(deps.eventStore, connectedAccountStream(connectionId), { evolve: evolveAccount, initialState: initialAccountState });
    if (state.status !== 'connected' || state.companyId !== companyId) throw accountNotFound();
    const { position } = await handleCommand({
      eventStore: deps.eventStore,
      streamName: connectedAccountStream(connectionId),
      decider: accountDecider,
      command: { type: 'DisconnectAccount', data: { companyId } },
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });
    return { body: { Success: true, ResponseMessage: m.disconnected }, position };
  });

  return [connectTokenUrl, signInTokenUrl, callback, connectAccounts, disconnect];
}

const processNotFound = () => fail(connectionErrors.processNotFound);
