import {
  GOOGLE_DIRECTORY_SCOPE,
  type GoogleDirectoryUser,
  googleWorkspaceAddUserRoute,
  googleWorkspaceCallbackRoute,
  googleWorkspaceConnectRoute,
  googleWorkspaceDirectoryUsersRoute,
  googleWorkspaceDisconnectRoute,
  googleWorkspaceMessages as m,
  googleWorkspaceSealContext,
  googleWorkspaceStream,
  googleWorkspaceErrors,
} from '@locus/contracts';
import { implement, ok, publicBaseOf, type AnyRequest, type CommandDeps, type RouteImplementation, fail } from '@locus/platform';
import { createSecretBox } from '@locus/platform/crypto/secret-box';
import { eventMetadata, handleCommand, loadStream } from '../kit';
import { signOAuthState, verifyOAuthState } from '../google/oauth-state';
import { buildGoogleAuthorizeUrl, exchangeGoogleAuthCode, fetchGoogleUserInfo, refreshGoogleAccessToken } from '../google/oauth';
import { GoogleApiError } from '../google/errors';
import { findUserByEmail, createCompanyUser, invitationLinkBase, invitationRequest } from '../users/public';
import { createIdentitySecrets } from '../kit/secrets';
import { listWorkspaceUsers, type WorkspaceUser } from './directory-client';
import { workspaceDirectoryDecider, type WorkspaceDirectoryCommand } from './workspace-directory';

const STATE_TTL_SECONDS = 10 * 60;

const notConnected = () => fail(googleWorkspaceErrors.notConnected);

/** Google's 401/403 (a consumer account, a user who is no Workspace administrator) as the page's one refusal. */
async function refusedAsNotAuthorized<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof GoogleApiError && (err.info.httpStatus === 401 || err.info.httpStatus === 403)) throw fail(googleWorkspaceErrors.notAuthorized);
    throw err;
  }
}

/**
 * Google Workspace directory import (spec part 1 §7, part 2 §7): a company admin consents with
 * the read-only directory scope, lists the Workspace's users (Admin SDK users.list) and adds
 * them as company users, each invited by mail to set a password. The refresh token is sealed.
 */
export function googleWorkspaceCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const box = createSecretBox(deps.config.encryptionKey);
  const secrets = createIdentitySecrets(deps.config.encryptionKey);
  const redirectUri = (req: AnyRequest) => `${publicBaseOf(deps.config, req)}/google-workspace-callback`;
  const load = (companyId: string) => loadStream(deps.eventStore, googleWorkspaceStream(companyId), workspaceDirectoryDecider);
  const run = (companyId: string, req: Parameters<typeof eventMetadata>[0], command: WorkspaceDirectoryCommand) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: googleWorkspaceStream(companyId),
      decider: workspaceDirectoryDecider,
      command,
      metadata: eventMetadata(req, companyId, deps.clock),
    });

  /** The directory through the stored consent; a refused token or a consumer account is a 422 the page can act on. */
  const directory = async (companyId: string): Promise<WorkspaceUser[]> => {
    const { state } = await load(companyId);
    if (!state.connection) throw notConnected();
    const { refreshToken } = state.connection;
    return refusedAsNotAuthorized(async () => {
      const tokens = await refreshGoogleAccessToken(deps.config.google, box.decrypt(refreshToken, googleWorkspaceSealContext(companyId)));
      return listWorkspaceUsers(deps.config.google.directoryUrl, tokens.accessToken);
    });
  };

  return [
    implement(googleWorkspaceConnectRoute, async (req) => {
      const state = signOAuthState(deps.config.jwtSecret, {
        processId: deps.ids.uuid(),
        purpose: 'workspace',
        userId: req.auth!.userId,
        companyId: req.auth!.companyId,
        expiresAt: Math.floor(deps.clock.now().getTime() / 1000) + STATE_TTL_SECONDS,
      });
      const RedirectUrl = buildGoogleAuthorizeUrl(deps.config.google, {
        redirectUri: redirectUri(req),
        state,
        scopes: ['openid', 'email', 'profile', GOOGLE_DIRECTORY_SCOPE],
        // the account chooser every time, so an admin can use another account than the last one
        prompt: 'select_account consent',
      });
      return { body: { Success: true as const, CanConnect: true, RedirectUrl, ErrorMessage: null } };
    }),

    implement(googleWorkspaceCallbackRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const signed = verifyOAuthState(deps.config.jwtSecret, req.body.State, deps.clock.now().getTime());
      if (signed.purpose !== 'workspace' || signed.companyId !== companyId || signed.userId !== req.auth!.userId) {
        throw fail(googleWorkspaceErrors.invalidState, [{ field: 'State', message: 'The sign-in request has expired or is not yours' }]);
      }
      const tokens = await exchangeGoogleAuthCode(deps.config.google, { code: req.body.Code, redirectUri: redirectUri(req) });
      if (!tokens.refreshToken || !(tokens.scope ?? '').split(' ').includes(GOOGLE_DIRECTORY_SCOPE)) throw fail(googleWorkspaceErrors.notAuthorized);
      // an account that cannot read a directory is refused here, so "connected" is only said of one that can
      await refusedAsNotAuthorized(() => listWorkspaceUsers(deps.config.google.directoryUrl, tokens.accessToken, fetch, { probe: true }));
      const info = await fetchGoogleUserInfo(deps.config.google, tokens.accessToken);
      const result = await run(companyId, req, {
        type: 'RecordConnection',
        data: {
          companyId,
          googleUserEmail: (info.email ?? '').toLowerCase(),
          refreshToken: box.encrypt(tokens.refreshToken, googleWorkspaceSealContext(companyId)),
          scope: tokens.scope ?? GOOGLE_DIRECTORY_SCOPE,
          connectedByUserId: req.auth!.userId,
        },
      });
      return ok(undefined, { message: m.connected, position: result.position });
    }),

    implement(googleWorkspaceDisconnectRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const result = await run(companyId, req, { type: 'Disconnect', data: { companyId, disconnectedByUserId: req.auth!.userId } });
      return ok(undefined, { message: m.disconnected, position: result.position });
    }),

    implement(googleWorkspaceDirectoryUsersRoute, async (req) => {
      const users = await directory(req.auth!.companyId!);
      const ResponseData: GoogleDirectoryUser[] = [];
      for (const u of users) {
        ResponseData.push({ ...u, isConnected: !!(await findUserByEmail(deps.eventStore, u.primaryEmail)) });
      }
      ResponseData.sort((a, b) => a.fullName.localeCompare(b.fullName));
      return { body: { Success: true as const, ResponseData } };
    }),

    implement(googleWorkspaceAddUserRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const user = (await directory(companyId)).find((u) => u.id === req.body.Id);
      if (!user) throw fail(googleWorkspaceErrors.userNotFound);
      const metadata = eventMetadata(req, companyId, deps.clock);
      const created = await createCompanyUser(
        deps,
        {
          companyId,
          FirstName: user.givenName || user.primaryEmail,
          LastName: user.familyName,
          Email: user.primaryEmail,
          role: 'CompanyUser',
          source: 'workspace-import',
          invitation: invitationRequest(
            { secrets, clock: deps.clock, ids: deps.ids },
            user.primaryEmail,
            req.auth!.companyName ?? 'your company',
            invitationLinkBase(deps.config, req),
          ),
        },
        metadata,
      );
      const added = await run(companyId, req, {
        type: 'RecordUserAdded',
        data: { companyId, directoryUserId: user.id, primaryEmail: user.primaryEmail, userId: created.userId },
      });
      return ok({ Id: created.userId }, { message: m.userAdded(user.fullName), position: Math.max(created.position, added.position) });
    }),
  ];
}
