import { z } from 'zod';

/**
 * Sign-in events. One-time codes live in their own `otpchallenge-<challengeId>` stream; password
 * reset requests, sign-ins and company switching are appended to the user's `user-<id>` stream.
 *
 * Secrets never appear in clear: codes and reset tokens are stored as keyed hashes (HMAC-SHA256
 * with a server key) for verification, and as a `sealed` copy (AES-256-GCM with the server's
 * encryption key) that only the mail reactor opens, so mail sending survives restarts and works
 * when the reactor runs in another process. Both expire within minutes / an hour and are single-use.
 */
export const OtpIssuedSchema = z.object({
  challengeId: z.string(),
  userId: z.string(),
  email: z.string(),
  codeHash: z.string(),
  sealedCode: z.string(),
  expiresAt: z.string(),
  maxAttempts: z.number().int().positive(),
});
/** A new code for the same challenge (Resend): replaces the code and its expiry; failures count on. */
export const OtpResentSchema = z.object({
  challengeId: z.string(),
  userId: z.string(),
  email: z.string(),
  codeHash: z.string(),
  sealedCode: z.string(),
  expiresAt: z.string(),
  resentAt: z.string(),
});
export const OtpFailedSchema = z.object({ challengeId: z.string(), userId: z.string(), attempt: z.number().int().positive() });
export const OtpVerifiedSchema = z.object({ challengeId: z.string(), userId: z.string(), tokenId: z.string() });

export const otpChallengeEventSchemas = {
  OtpIssued: OtpIssuedSchema,
  OtpResent: OtpResentSchema,
  OtpFailed: OtpFailedSchema,
  OtpVerified: OtpVerifiedSchema,
} as const;

/** On the user stream. */
export const PasswordResetRequestedSchema = z.object({
  userId: z.string(),
  requestId: z.string(),
  email: z.string(),
  tokenHash: z.string(),
  sealedToken: z.string(),
  expiresAt: z.string(),
  /** An invitation (a user created by an admin sets their own password) mails its own text; absent = reset. */
  purpose: z.enum(['reset', 'invitation']).optional(),
  /** Who invited, for the invitation mail. */
  invitedBy: z.string().optional(),
  /** Where the inviting admin reached Locus (LOCUS_PUBLIC_URL unset), for the link; absent = the configured URL. */
  linkBase: z.string().optional(),
});
/** The mail reactor's outcome of a PasswordResetRequested (reset or invitation): handed to the mail server. */
export const PasswordResetMailSentSchema = z.object({ userId: z.string(), requestId: z.string(), sentAt: z.string() });
/** The mail server refused or could not be reached; the reactor keeps retrying (and parks the event when it gives up). */
export const PasswordResetMailFailedSchema = z.object({ userId: z.string(), requestId: z.string(), message: z.string(), failedAt: z.string() });
export const LoginSucceededSchema = z.object({
  userId: z.string(),
  tokenId: z.string(),
  method: z.enum(['password', 'otp']),
});
/** An Administrator took a token for a company as one of its admins (metadata.companyId = that company). */
export const AdministratorSwitchedIntoCompanySchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  companyAdminId: z.string(),
  tokenId: z.string(),
});
export const AdministratorExitedCompanyViewSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  tokenId: z.string(),
});

export const identityUserEventSchemas = {
  PasswordResetRequested: PasswordResetRequestedSchema,
  PasswordResetMailSent: PasswordResetMailSentSchema,
  PasswordResetMailFailed: PasswordResetMailFailedSchema,
  LoginSucceeded: LoginSucceededSchema,
  AdministratorSwitchedIntoCompany: AdministratorSwitchedIntoCompanySchema,
  AdministratorExitedCompanyView: AdministratorExitedCompanyViewSchema,
} as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type OtpChallengeEvent = EventsOf<typeof otpChallengeEventSchemas>;
export type IdentityUserEvent = EventsOf<typeof identityUserEventSchemas>;

export const otpChallengeStream = (challengeId: string) => `otpchallenge-${challengeId}`;

/**
 * A signed-in session ended by its user (`POST /api/auth/logout`), on a stream of its own
 * (`session-<tokenId>`): from then on the token answers 401 and its live streams close, though
 * it has not expired.
 */
export const SessionEndedSchema = z.object({
  userId: z.string(),
  companyId: z.string().nullable(),
  tokenId: z.string(),
});
export const sessionEventSchemas = { SessionEnded: SessionEndedSchema } as const;
export type SessionEvent = EventsOf<typeof sessionEventSchemas>;
export const sessionStream = (tokenId: string) => `session-${tokenId}`;
