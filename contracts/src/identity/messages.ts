/** Sign-in texts and limits (spec part 2 §2 Login / Forgot password, §5, §9). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same challenge: not sooner than this after the last one, and at most OTP_MAX_RESENDS times. */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
export const OTP_MAX_RESENDS = 3;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;
/** Sign-in attempts from one address over every account (password spraying). */
export const LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 20;
/** Sign-in attempts at one account from every address. */
export const LOGIN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE = 10;

export const authMessages = {
  userNameRequired: 'Email is required',
  passwordRequired: 'Password is required',
  loginSucceeded: 'Login successful',
  loggedOut: 'You are signed out on every device that used this session',
  otpSent: 'Please check your email for an OTP code',
  invalidCredentials: 'Invalid email or password.',
  accountDeactivated: 'Your account has been deactivated. Please contact your administrator.',
  companyDeactivated: 'Your company has been deactivated. Please contact the administrator.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  otpInvalidFormat: 'The OTP code must be exactly 6 digits',
  otpChallengeRequired: 'OtpChallengeId is required',
  otpInvalid: 'The OTP code is not valid.',
  otpExpired: 'The OTP code has expired. Please sign in again.',
  otpExhausted: 'Too many wrong codes. Please sign in again to get a new code.',
  otpVerified: 'OTP verified successfully',
  otpResent: 'A new OTP code has been sent to your email',
  otpResendTooSoon: 'Please wait a moment before asking for another code.',
  otpResendLimit: 'Too many codes were sent. Please sign in again.',
  signupSucceeded: 'Your account has been created successfully',
  emailTaken: 'An account with this email already exists.',
  forgotPasswordSent: 'If an account exists for this email, we have sent a link to reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetPasswordsNotSame: 'New Password And Confirm Password are not same',
  resetSucceeded: 'Your password reset successfully.',
  tokenRefreshed: 'Token refreshed',
} as const;
