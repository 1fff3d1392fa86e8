import { randomUUID } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  activateUserRoute,
  createCompanyAdminUserRoute,
  createUserRoute,
  deactivateUserRoute,
  deleteUserRoute,
  identityUserEventSchemas,
  inviteUserRoute,
  profileResetPasswordRoute,
  removeAvatarRoute,
  updateProfileRoute,
  updateUserRoute,
  uploadAvatarRoute,
  userMessages as m,
  userStream,
  userErrors,
} from '@locus/contracts';
import { fail, failOn, failWith, implement, type CommandDeps, type AnyRequest, type RouteImplementation } from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';
import { awaitOutcome, eventMetadata, loadStream, runCommand } from '../kit';
import { hashPassword, verifyPassword } from '../kit/passwords';
import { createCompanyUser, deleteUserAccount, loadCompanyMember, updateUserDetails } from './user-accounts';
import { requireUser, userDecider, type UserCommand } from './user-decider';
import { invitationLinkBase, invitationRequest } from './invitations';
import { createIdentitySecrets } from '../kit/secrets';
import { sniffImage } from '../kit/sniff-image';

type Req = Pick<AnyRequest, 'auth' | 'correlationId' | 'requestId' | 'origin'>;
/** How long Resend Invitation waits for the mail server's answer before saying the mail is queued. */
const INVITATION_MAIL_WAIT_MS = 10_000;

const answer = (message: string, position: number | undefined, id?: string, status = 200) => ({
  status,
  body: { Success: true as const, ResponseMessage: message, ...(id ? { Data: { Id: id } } : {}) },
  ...(position !== undefined ? { position } : {}),
});

/** Company admins manage their own company's users; every signed-in user manages their own profile. */
export function usersCommandRoutes(deps: CommandDeps, options: { media?: BlobStore } = {}): RouteImplementation[] {
  const media = options.media ?? mediaStoreOf(deps.config.dataDir);
  const metadata = (req: Req) => eventMetadata(req, req.auth!.companyId, deps.clock);
  const userCommand = (req: Req, userId: string, command: UserCommand) => runCommand(deps, userStream(userId), userDecider, command, metadata(req));
  /** A user of the caller's company; 404 for anyone else's. */
  const member = (req: Req, userId: string) => loadCompanyMember(deps.eventStore, userId, req.auth!.companyId);
  const self = async (req: Req) => requireUser((await loadStream(deps.eventStore, userStream(req.auth!.userId), userDecider)).state);

  const secrets = createIdentitySecrets(deps.config.encryptionKey);
  /** Every user an admin creates is invited to set their own password (even when the admin set one). */
  const invitation = (req: Req, email: string) =>
    invitationRequest(
      { secrets, clock: deps.clock, ids: deps.ids },
      email,
      req.auth!.companyName ?? m.invitationFallbackInviter,
      invitationLinkBase(deps.config, req),
    );

  return [
    implement(createUserRoute, async (req) => {
      const { userId, position } = await createCompanyUser(
        deps,
        {
          companyId: req.auth!.companyId!,
          ...req.body,
          role: req.body.Role,
          password: req.body.Password || undefined,
          source: 'company-admin',
          invitation: invitation(req, req.body.Email),
        },
        metadata(req),
      );
      return answer(m.userCreated, position, userId, 201);
    }),

    implement(createCompanyAdminUserRoute, async (req) => {
      const { userId, position } = await createCompanyUser(
        deps,
        {
          companyId: req.auth!.companyId!,
          ...req.body,
          role: 'CompanyAdmin',
          password: req.body.Password,
          source: 'company-admin',
          invitation: invitation(req, req.body.Email),
        },
        metadata(req),
      );
      return answer(m.companyAdminCreated, position, userId, 201);
    }),

    implement(updateUserRoute, async (req) => {
      const user = await member(req, req.params.userId);
      const b = req.body;
      const position = await updateUserDetails(
        deps,
        user,
        { firstName: b.FirstName, lastName: b.LastName, email: b.Email, phoneNumber: b.PhoneNumber },
        metadata(req),
        { newPassword: b.Password || undefined },
      );
      return answer(m.userUpdated, position, user.userId);
    }),

    implement(inviteUserRoute, async (req) => {
      const user = await member(req, req.params.userId);
      if (user.status !== 'active') throw fail(userErrors.inactive);
      const request = invitation(req, user.email);
      const result = await userCommand(req, user.userId, { type: 'RequestPasswordReset', data: request });
      // the mail reactor's outcome: what the admin is told is what the mail server did
      const outcome = await awaitOutcome(deps.eventStore, {
        stream: userStream(user.userId),
        after: result.revision,
        schemas: identityUserEventSchemas,
        types: ['PasswordResetMailSent', 'PasswordResetMailFailed'],
        matches: (e) => e.data.requestId === request.requestId,
        timeoutMs: INVITATION_MAIL_WAIT_MS,
      });
      if (outcome?.type === 'PasswordResetMailFailed') throw failWith(userErrors.invitationMailFailed, outcome.data.message);
      return outcome ? answer(m.invitationSent, outcome.position, user.userId) : answer(m.invitationQueued, result.position, user.userId, 202);
    }),

    implement(deactivateUserRoute, async (req) => {
      const user = await member(req, req.params.userId);
      if (user.userId === req.auth!.userId) throw fail(userErrors.deactivateSelf);
      const { position } = await userCommand(req, user.userId, { type: 'DeactivateUser' });
      return answer(m.userDeactivated, position, user.userId);
    }),

    implement(activateUserRoute, async (req) => {
      const user = await member(req, req.params.userId);
      const { position } = await userCommand(req, user.userId, { type: 'ActivateUser' });
      return answer(m.userActivated, position, user.userId);
    }),

    implement(deleteUserRoute, async (req) => {
      const user = await member(req, req.params.userId);
      if (user.userId === req.auth!.userId) throw fail(userErrors.deleteSelf);
      const position = await deleteUserAccount(deps, user.userId, metadata(req));
      return answer(m.userDeleted, position, user.userId);
    }),

    // ---- Profile ----

    implement(updateProfileRoute, async (req) => {
      const user = await self(req);
      const b = req.body;
      const position = await updateUserDetails(
        deps,
        user,
        { firstName: b.FirstName, lastName: b.LastName, email: b.Email, phoneNumber: b.PhoneNumber },
        metadata(req),
        { profile: { addressLine1: b.AddressLine1, addressLine2: b.AddressLine2, city: b.City, postalCode: b.PostalCode } },
      );
      return { body: { Success: true, ResponseMessage: m.profileUpdated }, ...(position !== undefined ? { position } : {}) };
    }),

    implement(profileResetPasswordRoute, async (req) => {
      const user = await self(req);
      const currentPasswordVerified = await verifyPassword(user.passwordHash, req.body.CurrentPassword);
      const passwordHash = currentPasswordVerified ? await hashPassword(req.body.NewPassword) : '';
      const { position } = await userCommand(req, user.userId, {
        type: 'ChangePassword',
        data: { passwordHash, reason: 'profile', currentPasswordVerified, keepTokenId: req.auth!.tokenId },
      });
      return { body: { Success: true, ResponseMessage: m.passwordReset }, position };
    }),

    implement(uploadAvatarRoute, async (req) => {
      const file = req.files.find((f) => f.field === 'File') ?? req.files[0];
      if (!file) throw failOn(userErrors.avatarMissing, 'File');
      if (file.size > AVATAR_MAX_BYTES) throw failOn(userErrors.avatarTooLarge, 'File');
      const kind = await sniffImage(file.path);
      if (!kind || !file.mimeType.startsWith('image/')) {
        throw failOn(userErrors.avatarNotImage, 'File');
      }
      const user = await self(req);
      const stored = await media.put(`avatars/${randomUUID()}.${kind.ext}`, { path: file.path }, kind.mime);
      const { position } = await userCommand(req, user.userId, { type: 'ChangeAvatar', data: { imageUrl: stored.url } });
      await removeStoredImage(media, user.imageUrl);
      return { body: { Success: true, Url: stored.url, ResponseMessage: m.avatarUpdated }, position };
    }),

    implement(removeAvatarRoute, async (req) => {
      const user = await self(req);
      const { position } = await userCommand(req, user.userId, { type: 'RemoveAvatar' });
      await removeStoredImage(media, user.imageUrl);
      return { body: { Success: true, Url: null, ResponseMessage: m.avatarRemoved }, position };
    }),
  ];
}

/** Best effort: the event is what matters; an orphan file is harmless. */
async function removeStoredImage(media: BlobStore, url: string | null): Promise<void> {
  const key = url ? media.keyOf(url) : null;
  if (key) await media.delete(key).catch(() => undefined);
}
