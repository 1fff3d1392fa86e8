import { describe, expect, it } from 'vitest';
import { userErrors } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { userDecider } from './user-decider';
import type { UserStreamEvent } from './user-state';

const spec = deciderSpec(userDecider);

const created = (over: Partial<Extract<UserStreamEvent, { type: 'UserCreated' }>['data']> = {}): UserStreamEvent => ({
  type: 'UserCreated',
  data: {
    userId: 'u1',
    companyId: 'c1',
    role: 'CompanyUser',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@x.example',
    phoneNumber: '555',
    passwordHash: '$argon2id$hash',
    isDefaultCompanyContact: false,
    source: 'company-admin',
    ...over,
  },
});
const deleted: UserStreamEvent = { type: 'UserDeleted', data: { userId: 'u1', companyId: 'c1', reason: 'deleted' } };
const resetRequested = (requestId: string, tokenHash: string, expiresAt: string): UserStreamEvent => ({
  type: 'PasswordResetRequested',
  data: { userId: 'u1', requestId, email: 'ann@x.example', tokenHash, sealedToken: 'v1.x.y.z', expiresAt },
});

describe('user decider', () => {
  it('creates a user once', () => {
    const data = (created() as Extract<UserStreamEvent, { type: 'UserCreated' }>).data;
    spec.given([]).when({ type: 'CreateUser', data }).then([created()]);
    spec.given([created()]).when({ type: 'CreateUser', data }).thenThrows({ code: 'USER.ALREADY_EXISTS' });
  });

  it('refuses anything on a deleted or unknown user with 404', () => {
    spec.given([created(), deleted]).when({ type: 'DeactivateUser' }).thenThrows({ code: 'USER.NOT_FOUND', kind: 'not_found' });
    spec.given([]).when({ type: 'RemoveAvatar' }).thenThrows({ code: 'USER.NOT_FOUND' });
  });

  it('deactivates and activates idempotently', () => {
    spec
      .given([created()])
      .when({ type: 'DeactivateUser' })
      .then([{ type: 'UserDeactivated', data: { userId: 'u1', companyId: 'c1' } }]);
    spec
      .given([created(), { type: 'UserDeactivated', data: { userId: 'u1', companyId: 'c1' } }])
      .when({ type: 'DeactivateUser' })
      .then([]);
    spec.given([created()]).when({ type: 'ActivateUser' }).then([]);
  });

  it('never deletes or deactivates the default company contact, except with its company', () => {
    spec
      .given([created({ isDefaultCompanyContact: true })])
      .when({ type: 'DeleteUser', data: { reason: 'deleted' } })
      .thenThrows({ code: userErrors.deleteDefaultContact.code, kind: 'rule' });
    spec
      .given([created({ isDefaultCompanyContact: true })])
      .when({ type: 'DeactivateUser' })
      .thenThrows({ code: userErrors.deactivateDefaultContact.code, kind: 'rule' });
    spec
      .given([created({ isDefaultCompanyContact: true })])
      .when({ type: 'DeleteUser', data: { reason: 'company-deleted', allowDefaultContact: true } })
      .then([{ type: 'UserDeleted', data: { userId: 'u1', companyId: 'c1', reason: 'company-deleted' } }]);
  });

  it('changes the password from the profile only with the current one', () => {
    spec
      .given([created()])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2', reason: 'profile', currentPasswordVerified: false } })
      .thenThrows({ code: 'PROFILE.CURRENT_PASSWORD_WRONG' });
    spec
      .given([created()])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2', reason: 'profile', currentPasswordVerified: true } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reason: 'profile' } }]);
  });

  it('keeps the changing session only when users change their own password', () => {
    spec
      .given([created()])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2', reason: 'profile', currentPasswordVerified: true, keepTokenId: 't1' } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reason: 'profile', keepTokenId: 't1' } }]);
    // An administrator setting the password ends every session of the user.
    spec
      .given([created()])
      .when({ type: 'ChangePassword', data: { passwordHash: 'h2', reason: 'administrator', currentPasswordVerified: false, keepTokenId: 'admin-token' } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reason: 'administrator' } }]);
  });

  describe('password reset link', () => {
    const now = '2025-01-01T10:00:00.000Z';
    const later = '2025-01-01T11:00:00.000Z';
    it('is accepted once, before it expires', () => {
      spec
        .given([created(), resetRequested('r1', 'hash1', later)])
        .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash1', passwordHash: 'h2', now } })
        .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reason: 'reset-link', resetRequestId: 'r1' } }]);
      const used: UserStreamEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reason: 'reset-link', resetRequestId: 'r1' } };
      spec
        .given([created(), resetRequested('r1', 'hash1', later), used])
        .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash1', passwordHash: 'h3', now } })
        .thenThrows({ code: 'AUTH.RESET_LINK_INVALID' });
    });
    it('expires, is replaced by a newer request, and is voided by any password change', () => {
      spec
        .given([created(), resetRequested('r1', 'hash1', now)])
        .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash1', passwordHash: 'h2', now } })
        .thenThrows({ code: 'AUTH.RESET_LINK_INVALID' });
      spec
        .given([created(), resetRequested('r1', 'hash1', later), resetRequested('r2', 'hash2', later)])
        .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash1', passwordHash: 'h2', now } })
        .thenThrows({ code: 'AUTH.RESET_LINK_INVALID' });
      const profileChange: UserStreamEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h9', reason: 'profile' } };
      spec
        .given([created(), resetRequested('r1', 'hash1', later), profileChange])
        .when({ type: 'CompletePasswordReset', data: { tokenHash: 'hash1', passwordHash: 'h2', now } })
        .thenThrows({ code: 'AUTH.RESET_LINK_INVALID' });
    });
    it('is not issued to a deactivated user', () => {
      spec
        .given([created(), { type: 'UserDeactivated', data: { userId: 'u1', companyId: 'c1' } }])
        .when({ type: 'RequestPasswordReset', data: { requestId: 'r1', email: 'ann@x.example', tokenHash: 'h', sealedToken: 's', expiresAt: later } })
        .then([]);
    });
  });

  it('records switching only for an active administrator', () => {
    const admin = created({ role: 'Administrator', companyId: null });
    spec
      .given([admin])
      .when({ type: 'SwitchIntoCompany', data: { companyId: 'c9', companyAdminId: 'a9', tokenId: 't1' } })
      .then([{ type: 'AdministratorSwitchedIntoCompany', data: { userId: 'u1', companyId: 'c9', companyAdminId: 'a9', tokenId: 't1' } }]);
    spec
      .given([created()])
      .when({ type: 'SwitchIntoCompany', data: { companyId: 'c9', companyAdminId: 'a9', tokenId: 't1' } })
      .thenThrows({ code: 'AUTH.SESSION_REVOKED' });
  });

  it('folds profile, avatar and status into state', () => {
    const state = [
      created(),
      {
        type: 'ProfileUpdated',
        data: {
          userId: 'u1',
          firstName: 'Anne',
          lastName: 'Lee',
          email: 'anne@x.example',
          phoneNumber: '1',
          addressLine1: 'a',
          addressLine2: 'b',
          city: 'c',
          postalCode: 'd',
        },
      },
      { type: 'AvatarChanged', data: { userId: 'u1', imageUrl: '/media/avatars/x.png' } },
      { type: 'UserDeactivated', data: { userId: 'u1', companyId: 'c1' } },
    ].reduce((s, e) => userDecider.evolve(s, e as UserStreamEvent), userDecider.initialState());
    expect(state).toMatchObject({ status: 'deactivated', firstName: 'Anne', email: 'anne@x.example', city: 'c', imageUrl: '/media/avatars/x.png' });
  });
});
