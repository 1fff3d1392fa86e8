import { defineErrors } from '../errors';
import { connectionMessages as c } from '../connections/messages';
import { authMessages as m } from './messages';

/** Sign-in, sessions, OTP, password reset and Google sign-in: one code, one message, one kind. */
export const authErrors = defineErrors({
  unauthenticated: { code: 'AUTH.UNAUTHENTICATED', kind: 'unauthenticated', message: 'Authentication required' },
  forbidden: { code: 'AUTH.FORBIDDEN', kind: 'forbidden', message: 'You are not allowed to do this' },
  invalidToken: { code: 'AUTH.INVALID_TOKEN', kind: 'unauthenticated', message: 'The access token is invalid' },
  malformedAuthorization: { code: 'AUTH.MALFORMED_AUTHORIZATION', kind: 'unauthenticated', message: 'The Authorization header must be "Bearer <token>"' },
  tokenExpired: { code: 'AUTH.TOKEN_EXPIRED', kind: 'unauthenticated', message: 'Your session has expired; please log in again' },
  sessionRevoked: { code: 'AUTH.SESSION_REVOKED', kind: 'unauthenticated', message: 'Your session is no longer valid; please log in again' },
  invalidCredentials: { code: 'AUTH.INVALID_CREDENTIALS', kind: 'unauthenticated', message: m.invalidCredentials },
  accountDeactivated: { code: 'AUTH.ACCOUNT_DEACTIVATED', kind: 'forbidden', message: m.accountDeactivated },
  companyDeactivated: { code: 'AUTH.COMPANY_DEACTIVATED', kind: 'forbidden', message: m.companyDeactivated },
  tooManyAttempts: { code: 'AUTH.TOO_MANY_ATTEMPTS', kind: 'rate_limited', message: m.tooManyAttempts },
  otpInvalid: { code: 'AUTH.OTP_INVALID', kind: 'unauthenticated', message: m.otpInvalid },
  otpExpired: { code: 'AUTH.OTP_EXPIRED', kind: 'unauthenticated', message: m.otpExpired },
  otpExhausted: { code: 'AUTH.OTP_EXHAUSTED', kind: 'unauthenticated', message: m.otpExhausted },
  otpResendLimit: { code: 'AUTH.OTP_RESEND_LIMIT', kind: 'rate_limited', message: m.otpResendLimit },
  otpResendTooSoon: { code: 'AUTH.OTP_RESEND_TOO_SOON', kind: 'rate_limited', message: m.otpResendTooSoon },
  signUpEmailTaken: { code: 'AUTH.SIGN_UP_EMAIL_TAKEN', kind: 'conflict', message: m.emailTaken },
  resetLinkInvalid: { code: 'AUTH.RESET_LINK_INVALID', kind: 'rule', message: m.resetLinkInvalid },
  googleStateUsed: { code: 'AUTH.GOOGLE_STATE_USED', kind: 'conflict', message: 'This Google sign-in was already completed; start again.' },
  googleStateInvalid: { code: 'AUTH.GOOGLE_STATE_INVALID', kind: 'validation', message: c.stateInvalid },
  googleStateWrongUser: { code: 'AUTH.GOOGLE_STATE_WRONG_USER', kind: 'forbidden', message: c.stateWrongUser },
  googleUserUnknown: { code: 'AUTH.GOOGLE_USER_UNKNOWN', kind: 'rule', message: c.noUserForGoogleEmail },
  googleSignInNotAllowed: { code: 'AUTH.GOOGLE_SIGNIN_NOT_ALLOWED', kind: 'forbidden', message: c.userCannotLogin },
  googleNoRefreshToken: { code: 'AUTH.GOOGLE_NO_REFRESH_TOKEN', kind: 'rule', message: c.noRefreshToken },
});
