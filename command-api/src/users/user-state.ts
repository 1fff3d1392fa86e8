import type { IdentityUserEvent, UserEvent } from '@locus/contracts';

/** Everything appended to a `user-<id>` stream. */
export type UserStreamEvent = UserEvent | IdentityUserEvent;

export type UserRole = 'Administrator' | 'CompanyAdmin' | 'CompanyUser' | 'CompanyAuditor';

export interface PendingReset {
  requestId: string;
  tokenHash: string;
  expiresAt: string;
}

export interface ExistingUser {
  status: 'active' | 'deactivated' | 'deleted';
  userId: string;
  companyId: string | null;
  role: UserRole;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string | null;
  isDefaultCompanyContact: boolean;
  imageUrl: string | null;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  /** Only the newest reset link is valid; any password change voids it. */
  pendingReset: PendingReset | null;
}

export type UserState = { status: 'none' } | ExistingUser;

export const initialUserState = (): UserState => ({ status: 'none' });

export const fullNameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function evolveUser(state: UserState, event: UserStreamEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserCreated': {
      const d = event.data;
      return {
        status: 'active',
        userId: d.userId,
        companyId: d.companyId,
        role: d.role,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phoneNumber: d.phoneNumber,
        passwordHash: d.passwordHash,
        isDefaultCompanyContact: d.isDefaultCompanyContact,
        imageUrl: null,
        addressLine1: '',
        addressLine2: '',
        city: '',
        postalCode: '',
        pendingReset: null,
      };
    }
    default:
      // Every other event needs an existing user: folded below.
      break;
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'UserUpdated': {
      const { firstName, lastName, email, phoneNumber } = event.data;
      return { ...state, firstName, lastName, email, phoneNumber };
    }
    case 'ProfileUpdated': {
      const { userId: _userId, restoredFrom: _restoredFrom, ...fields } = event.data;
      return { ...state, ...fields };
    }
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, pendingReset: null };
    case 'PasswordResetRequested':
      return {
        ...state,
        pendingReset: { requestId: event.data.requestId, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'AvatarChanged':
      return { ...state, imageUrl: event.data.imageUrl };
    case 'AvatarRemoved':
      return { ...state, imageUrl: null };
    case 'UserDeactivated':
      return state.status === 'deleted' ? state : { ...state, status: 'deactivated' };
    case 'UserActivated':
      return state.status === 'deleted' ? state : { ...state, status: 'active' };
    case 'UserDeleted':
      return { ...state, status: 'deleted', pendingReset: null };
    case 'PasswordResetMailSent':
    case 'PasswordResetMailFailed':
    case 'LoginSucceeded':
    case 'AdministratorSwitchedIntoCompany':
    case 'AdministratorExitedCompanyView':
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
