import { authMessages, OTP_LENGTH } from '@locus/contracts/identity/messages';
import { PASSWORD_MIN_LENGTH, userMessages } from '@locus/contracts/users/messages';

export { OTP_LENGTH, PASSWORD_MIN_LENGTH };

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
  registerTitle: 'Register',
  firstName: 'First name',
  lastName: 'Last name',
  createAccount: 'Create account',
  forgotTitle: 'Forgot your password?',
  forgotPrompt: 'Enter your email and we will send you a link to reset your password.',
  forgetPasswordButton: 'Forget Password',
  resetTitle: 'Reset your password',
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
  emailRequired: userMessages.emailRequired,
  emailInvalid: userMessages.emailInvalid,
  passwordRequired: userMessages.passwordRequired,
  passwordTooShort: userMessages.passwordTooShort,
} as const;
