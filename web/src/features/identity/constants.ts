import { authMessages, companyMessages, OTP_LENGTH, OTP_RESEND_INTERVAL_SECONDS, PASSWORD_MIN_LENGTH, userMessages } from '@locus/contracts';

export { OTP_LENGTH, OTP_RESEND_INTERVAL_SECONDS, PASSWORD_MIN_LENGTH };

/** Texts of the sign-in screens (spec part 2 §2 Login, Forgot password; §5; §8). */
export const identityTexts = {
  loginTitle: 'Sign in to your account',
  email: 'Email',
  password: 'Password',
  login: 'Login',
  signInWithGoogle: 'Sign in with Google',
  forgetPasswordLink: 'Forget Password',
  createAccountLink: 'Create an account',
  copyright: (year: number) => `© ${year} Locus. All rights reserved.`,
  otpTitle: 'OTP Verification',
  otpPrompt: authMessages.otpSent,
  otpLabel: 'OTP code',
  verify: 'Verify',
  otpValidFor: (remaining: string) => `The code is valid for ${remaining}`,
  otpExpiredResend: 'The code has expired. Send a new one.',
  resendCode: 'Resend code',
  resendCodeIn: (seconds: number) => `Resend code in ${seconds}s`,
  otpResent: authMessages.otpResent,
  registerTitle: 'Register',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  createAccount: 'Create account',
  forgotTitle: 'Forgot your password?',
  forgotPrompt: 'Enter your email and we will send you a link to reset your password.',
  forgetPasswordButton: 'Forget Password',
  resetTitle: 'Reset your password',
  setPasswordTitle: 'Set your password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  resetPasswordButton: 'Reset Password',
  goToLogin: 'Go to Login',
  resetPasswordsNotSame: authMessages.resetPasswordsNotSame,
  googleCallbackWorking: 'Signing you in with Google...',
  googleCallbackFailed: 'An error has occured while trying to connect your account. Error details: ',
  accountConnected: 'Your account has been connected successfully',
  loginFailed: 'Login failed. Please try again.',
  genericFailure: 'Something went wrong. Please try again later.',
} as const;

export const signupMessages = {
  firstNameRequired: userMessages.firstNameRequired,
  companyNameRequired: companyMessages.companyNameRequired,
  emailRequired: userMessages.emailRequired,
  emailInvalid: userMessages.emailInvalid,
  passwordRequired: userMessages.passwordRequired,
  passwordTooShort: userMessages.passwordTooShort,
} as const;
