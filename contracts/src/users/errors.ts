import { defineErrors } from '../errors';
import { userMessages as m } from './messages';

/** Users' and profiles' error codes (spec part 2 §5, §8): one code, one message. */
export const userErrors = defineErrors({
  notFound: { code: 'USER.NOT_FOUND', kind: 'not_found', message: m.userNotFound },
  alreadyExists: { code: 'USER.ALREADY_EXISTS', kind: 'conflict', message: 'This user already exists.' },
  emailTaken: { code: 'USER.EMAIL_TAKEN', kind: 'conflict', message: m.emailTaken },
  inactive: { code: 'USER.INACTIVE', kind: 'rule', message: m.invitationInactiveUser },
  /** The mail server refused the invitation: said where it was asked for, with the server's reason. */
  invitationMailFailed: {
    code: 'USER.INVITATION_MAIL_FAILED',
    kind: 'unavailable',
    message: (reason: string) => `The invitation e-mail could not be sent (${reason}). Locus keeps trying; check the address or the mail server.`,
  },
  deactivateSelf: { code: 'USER.SELF_DEACTIVATE', kind: 'rule', message: m.cannotDeactivateSelf },
  deleteSelf: { code: 'USER.SELF_DELETE', kind: 'rule', message: m.cannotDeleteSelf },
  deactivateDefaultContact: { code: 'USER.DEFAULT_CONTACT_DEACTIVATE', kind: 'rule', message: m.cannotDeactivateDefaultAdmin },
  deleteDefaultContact: { code: 'USER.DEFAULT_CONTACT_DELETE', kind: 'rule', message: m.cannotDeleteDefaultAdmin },
  currentPasswordWrong: { code: 'PROFILE.CURRENT_PASSWORD_WRONG', kind: 'rule', message: m.currentPasswordWrong },
  avatarMissing: { code: 'PROFILE.AVATAR_MISSING', kind: 'validation', message: m.avatarMissing },
  avatarTooLarge: { code: 'PROFILE.AVATAR_TOO_LARGE', kind: 'validation', message: m.avatarTooLarge },
  avatarNotImage: { code: 'PROFILE.AVATAR_NOT_IMAGE', kind: 'validation', message: m.avatarNotImage },
});
