import { CompanyNameSchema, SignupBodySchema } from '@locus/contracts';
import { OTP_LENGTH } from './constants';

/** A pragmatic address check (the server validates strictly). */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const canSubmitLogin = (email: string, password: string): boolean => email.trim().length > 0 && password.length > 0;

export const isOtpComplete = (code: string): boolean => new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(code);

/** Keeps only digits, at most OTP_LENGTH of them (for the 6-digit field). */
export const sanitizeOtp = (input: string): string => input.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** m:ss of what is left of a code's validity (0:00 once expired). */
export const formatRemaining = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Whole seconds until another code may be asked for (0 = now), `intervalSeconds` after the last one. */
export const resendWaitSeconds = (lastSentMs: number, nowMs: number, intervalSeconds: number): number =>
  Math.max(0, Math.ceil((lastSentMs + intervalSeconds * 1000 - nowMs) / 1000));

/** Forgot password with a token: both fields filled and equal. */
export const resetPasswordProblem = (newPassword: string, confirm: string, notSameMessage: string): string | null =>
  newPassword !== confirm ? notSameMessage : null;

/** The sign-up body, with the company's name required: the register form never leaves a company unnamed. */
export const RegisterFormSchema = SignupBodySchema.extend({ CompanyName: CompanyNameSchema });
