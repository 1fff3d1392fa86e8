import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { EmailSchema, FirstNameSchema, LastNameSchema } from '../users/dto';
import { CompanyNameSchema } from '../companies/routes';
import { PASSWORD_MIN_LENGTH, userMessages } from '../users/messages';
import { OTP_LENGTH, authMessages as m } from './messages';

/** POST /api/auth/login — UserName is the email. */
export const LoginBodySchema = z.object({
  UserName: z.string({ error: m.userNameRequired }).trim().min(1, m.userNameRequired).max(254, m.userNameRequired),
  Password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200, 'Password must be at most 200 characters'),
});
/**
 * Non-administrators get Token at once. An Administrator gets IsAdministrator = true, no Token,
 * and OtpChallengeId to send with the emailed code to /api/auth/verify-otp/:code.
 */
export const LoginResponseSchema = z.object({
  Success: z.literal(true),
  Token: z.string().optional(),
  IsAdministrator: z.boolean(),
  IsCompanyAdmin: z.boolean(),
  IsCompanyUser: z.boolean(),
  OtpChallengeId: z.string().optional(),
  /** When the emailed code stops working (ISO time), for the dialog's countdown. */
  OtpExpiresAt: z.string().optional(),
  ResponseMessage: z.string(),
});

export const loginRoute = defineRoute({
  name: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Sign in with email and password (rate-limited per email and address: 429 after 5 a minute)',
  request: { body: LoginBodySchema },
  response: LoginResponseSchema,
  answers: { errors: [401, 429] },
});

export const verifyOtpRoute = defineRoute({
  name: 'auth.verifyOtp',
  method: 'POST',
  path: '/api/auth/verify-otp/:code',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Verify the emailed one-time code (expires after 10 minutes, void after 5 wrong codes)',
  request: {
    params: z.object({ code: z.string().regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), m.otpInvalidFormat) }),
    // The same field name as the login answer's, so the client passes it on as it came.
    body: z.object({ OtpChallengeId: z.string({ error: m.otpChallengeRequired }).min(1, m.otpChallengeRequired).max(100, m.otpChallengeRequired) }),
  },
  response: z.object({ Success: z.literal(true), Token: z.string(), ResponseMessage: z.string() }),
});

export const resendOtpRoute = defineRoute({
  name: 'auth.resendOtp',
  method: 'POST',
  path: '/api/auth/resend-otp',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Mail a new code for the same challenge (429 within 30 seconds of the last one, or after 3 resends)',
  request: {
    body: z.object({ OtpChallengeId: z.string({ error: m.otpChallengeRequired }).min(1, m.otpChallengeRequired).max(100, m.otpChallengeRequired) }),
  },
  response: z.object({ Success: z.literal(true), OtpExpiresAt: z.string(), ResponseMessage: z.string() }),
});

export const SignupBodySchema = z.object({
  FirstName: FirstNameSchema,
  LastName: LastNameSchema.default(''),
  Email: EmailSchema,
  Password: z
    .string({ error: userMessages.passwordRequired })
    .min(1, userMessages.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
    .max(200, 'Password must be at most 200 characters'),
  /** Optional in the API (named from the registrant when absent); the sign-up form asks for it. */
  CompanyName: CompanyNameSchema.optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** Creates a company (CompanyName, else named from the registrant) and its first CompanyAdmin, and signs them in. */
export const signupRoute = defineRoute({
  name: 'auth.signup',
  method: 'POST',
  path: '/api/auth/signup',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Sign up: create a company and its first company admin, signed in',
  description: 'Creates a company (CompanyName, else named from the registrant) and its first CompanyAdmin, and signs them in.',
  request: { body: SignupBodySchema },
  response: z.object({ Success: z.literal(true), Token: z.string(), ResponseMessage: z.string() }),
  answers: { created: true },
});

/** A fresh token with the caller's current name, company and picture (keeps ViewingAsAdmin). */
export const refreshTokenRoute = defineRoute({
  name: 'auth.token',
  method: 'GET',
  path: '/api/auth/token',
  kind: 'query',
  roles: ['Authenticated'],
  summary: "A fresh token with the caller's current name, company and picture",
  description: "A fresh token with the caller's current name, company and picture (keeps ViewingAsAdmin).",
  response: z.object({ Success: z.literal(true), Token: z.string() }),
});

/** Ends the caller's session on the server: its token answers 401 from now on and its live streams close. */
export const logoutRoute = defineRoute({
  name: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  kind: 'command',
  roles: ['Authenticated'],
  summary: "End this session: the token stops working at once (not only in this browser) and the session's live streams close",
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

/** Same answer whether or not the email exists; the mail links to `${publicUrl}/forget-password?email=..&token=..`. */
export const forgotPasswordRoute = defineRoute({
  name: 'auth.forgotPassword',
  method: 'POST',
  path: '/api/auth/forgot-password',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Mail a password reset link (same answer whether or not the email exists)',
  description: 'Same answer whether or not the email exists; the mail links to `${publicUrl}/forget-password?email=..&token=..`.',
  request: { body: z.object({ Email: EmailSchema }) },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

export const ResetPasswordBodySchema = z
  .object({
    Email: EmailSchema,
    Token: z.string({ error: m.resetLinkInvalid }).min(1, m.resetLinkInvalid).max(200, m.resetLinkInvalid),
    NewPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
      .max(200, 'Password must be at most 200 characters'),
    ConfirmPassword: z.string({ error: userMessages.confirmPasswordRequired }).min(1, userMessages.confirmPasswordRequired),
  })
  .refine((b) => b.NewPassword === b.ConfirmPassword, { path: ['ConfirmPassword'], message: m.resetPasswordsNotSame });

/** Completes the emailed link: single use, expires after an hour. */
export const resetPasswordRoute = defineRoute({
  name: 'auth.resetPassword',
  method: 'POST',
  path: '/api/auth/reset-password',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Set a new password with the emailed reset link',
  description: 'Completes the emailed link: single use, expires after an hour.',
  request: { body: ResetPasswordBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
});

export const identityRoutes = [
  loginRoute,
  verifyOtpRoute,
  resendOtpRoute,
  signupRoute,
  refreshTokenRoute,
  logoutRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
] as const;
