import { type IdentityUserEvent, type UserEvent, userErrors, authErrors } from '@locus/contracts';
import { fail, failOn } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { evolveUser, initialUserState, type ExistingUser, type UserRole, type UserState, type UserStreamEvent } from './user-state';

type Data<T extends UserStreamEvent['type']> = Extract<UserStreamEvent, { type: T }>['data'];

export type UserCommand =
  /** With `invitation`, the new user is mailed a link to set their password (same append). */
  | { type: 'CreateUser'; data: Data<'UserCreated'>; invitation?: Omit<Data<'PasswordResetRequested'>, 'userId'> }
  | { type: 'RegisterUser'; data: Data<'UserRegistered'> }
  | { type: 'UpdateUser'; data: Data<'UserUpdated'> }
  | { type: 'UpdateProfile'; data: Data<'ProfileUpdated'> }
  | { type: 'ChangePassword'; data: { passwordHash: string; reason: 'profile' | 'administrator'; currentPasswordVerified: boolean; keepTokenId?: string } }
  | { type: 'RequestPasswordReset'; data: Omit<Data<'PasswordResetRequested'>, 'userId'> }
  | { type: 'CompletePasswordReset'; data: { tokenHash: string; passwordHash: string; now: string } }
  | { type: 'ChangeAvatar'; data: { imageUrl: string } }
  | { type: 'RemoveAvatar' }
  | { type: 'DeactivateUser' }
  | { type: 'ActivateUser' }
  | { type: 'DeleteUser'; data: { reason: 'deleted' | 'company-deleted'; allowDefaultContact?: boolean } }
  | { type: 'RecordLogin'; data: { tokenId: string; method: 'password' | 'otp' } }
  | { type: 'SwitchIntoCompany'; data: { companyId: string; companyAdminId: string; tokenId: string } }
  | { type: 'ExitCompanyView'; data: { companyId: string; tokenId: string } };

/** A user who exists and is not deleted (404 otherwise: deleted users are gone for everyone). */
export function requireUser(state: UserState): ExistingUser {
  if (state.status === 'none' || state.status === 'deleted') throw fail(userErrors.notFound);
  return state;
}

const one = <E extends UserStreamEvent>(event: E): UserStreamEvent[] => [event];

export function decideUser(command: UserCommand, state: UserState): UserStreamEvent[] {
  switch (command.type) {
    case 'CreateUser':
      if (state.status !== 'none') throw fail(userErrors.alreadyExists);
      return command.invitation
        ? [
            { type: 'UserCreated', data: command.data },
            { type: 'PasswordResetRequested', data: { ...command.invitation, userId: command.data.userId } },
          ]
        : one({ type: 'UserCreated', data: command.data });
    case 'RegisterUser':
      if (state.status !== 'none') throw fail(userErrors.alreadyExists);
      return one({ type: 'UserRegistered', data: command.data });
    default:
      // Every other command needs an existing user: decided below.
      break;
  }

  const user = requireUser(state);
  switch (command.type) {
    case 'UpdateUser':
      return one({ type: 'UserUpdated', data: { ...command.data, userId: user.userId } });
    case 'UpdateProfile':
      return one({ type: 'ProfileUpdated', data: { ...command.data, userId: user.userId } });
    case 'ChangePassword':
      if (command.data.reason === 'profile' && !command.data.currentPasswordVerified) {
        throw failOn(userErrors.currentPasswordWrong, 'CurrentPassword');
      }
      return one({
        type: 'PasswordChanged',
        data: {
          userId: user.userId,
          passwordHash: command.data.passwordHash,
          reason: command.data.reason,
          // Only the user's own session may stay; an administrator's change ends them all.
          ...(command.data.reason === 'profile' && command.data.keepTokenId ? { keepTokenId: command.data.keepTokenId } : {}),
        },
      });
    case 'RequestPasswordReset':
      // Deactivated users get no link; the caller answers the same either way.
      if (user.status !== 'active') return [];
      return one({ type: 'PasswordResetRequested', data: { ...command.data, userId: user.userId } });
    case 'CompletePasswordReset': {
      const pending = user.pendingReset;
      const valid =
        user.status === 'active' &&
        pending !== null &&
        pending.tokenHash === command.data.tokenHash &&
        Date.parse(pending.expiresAt) > Date.parse(command.data.now);
      if (!valid) throw failOn(authErrors.resetLinkInvalid, 'Token');
      return one({
        type: 'PasswordChanged',
        data: { userId: user.userId, passwordHash: command.data.passwordHash, reason: 'reset-link', resetRequestId: pending!.requestId },
      });
    }
    case 'ChangeAvatar':
      return one({ type: 'AvatarChanged', data: { userId: user.userId, imageUrl: command.data.imageUrl } });
    case 'RemoveAvatar':
      return user.imageUrl === null ? [] : one({ type: 'AvatarRemoved', data: { userId: user.userId } });
    case 'DeactivateUser':
      if (user.isDefaultCompanyContact) throw fail(userErrors.deactivateDefaultContact);
      return user.status === 'deactivated' ? [] : one({ type: 'UserDeactivated', data: { userId: user.userId, companyId: user.companyId } });
    case 'ActivateUser':
      return user.status === 'active' ? [] : one({ type: 'UserActivated', data: { userId: user.userId, companyId: user.companyId } });
    case 'DeleteUser':
      if (user.isDefaultCompanyContact && !command.data.allowDefaultContact) {
        throw fail(userErrors.deleteDefaultContact);
      }
      return one({ type: 'UserDeleted', data: { userId: user.userId, companyId: user.companyId, reason: command.data.reason } });
    case 'RecordLogin':
      if (user.status !== 'active') throw fail(authErrors.accountDeactivated);
      return one({ type: 'LoginSucceeded', data: { userId: user.userId, ...command.data } });
    case 'SwitchIntoCompany':
      assertAdministrator(user);
      return one({ type: 'AdministratorSwitchedIntoCompany', data: { userId: user.userId, ...command.data } });
    case 'ExitCompanyView':
      assertAdministrator(user);
      return one({ type: 'AdministratorExitedCompanyView', data: { userId: user.userId, ...command.data } });
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

function assertAdministrator(user: ExistingUser): void {
  if (user.role !== 'Administrator' || user.status !== 'active') {
    throw fail(authErrors.sessionRevoked);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserStreamEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

export type { UserEvent, IdentityUserEvent, UserRole };
