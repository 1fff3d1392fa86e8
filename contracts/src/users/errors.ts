import { defineErrors } from '../errors';
import { userMessages as m } from './messages';

/** Users' and profiles' error codes (spec part 2 §5, §8): one code, one message. */
export const userErrors = defineErrors({
  notFound: { code: 'USER.NOT_FOUND', kind: 'not_found', message: m.userNotFound },
  alreadyExists: { code: 'USER.ALREADY_EXISTS', kind: 'conflict', message: 'This user already exists.' },
  emailTaken: { code: 'USER.EMAIL_TAKEN', kind: 'conflict', message: m.emailTaken },
  inactive: { code: 'USER.INACTIVE', kind: 'rule', message: m.invitationInactiveUser },
  deactivateSelf: { code: 'USER.SELF_DEACTIVATE', kind: 'rule', message: m.cannotDeactivateSelf },
  deleteSelf: { code: 'USER.SELF_DELETE', kind: 'rule', message: m.cannotDeleteSelf },
  deactivateDefaultContact: { code: 'USER.DEFAULT_CONTACT_DEACTIVATE', kind: 'rule', message: m.cannotDeactivateDefaultAdmin },
  deleteDefaultContact: { code: 'USER.DEFAULT_CONTACT_DELETE', kind: 'rule', message: m.cannotDeleteDefaultAdmin },
  currentPasswordWrong: { code: 'PROFILE.CURRENT_PASSWORD_WRONG', kind: 'rule', message: m.currentPasswordWrong },
  avatarMissing: { code: 'PROFILE.AVATAR_MISSING', kind: 'validation', message: m.avatarMissing },
  avatarTooLarge: { code: 'PROFILE.AVATAR_TOO_LARGE', kind: 'validation', message: m.avatarTooLarge },
  avatarNotImage: { code: 'PROFILE.AVATAR_NOT_IMAGE', kind: 'validation', message: m.avatarNotImage },
});
