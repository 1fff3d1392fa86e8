import { OptionalPhoneNumberSchema, userMessages } from '@locus/contracts';

/** Profile rules (spec part 2 §5): Reset Password needs all three fields; a mismatch sends nothing. */
export interface PasswordResetForm {
  CurrentPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

export const canResetPassword = (f: PasswordResetForm): boolean => f.CurrentPassword.length > 0 && f.NewPassword.length > 0 && f.ConfirmPassword.length > 0;

export const passwordResetProblem = (f: PasswordResetForm, mismatchMessage: string): string | null =>
  f.NewPassword !== f.ConfirmPassword ? mismatchMessage : null;

/** Avatar uploads: images only, within the size limit. */
export const avatarProblem = (
  file: { type: string; size: number },
  rules: { mimeTypes: readonly string[]; maxBytes: number },
  messages: { notImage: string; tooLarge: string },
): string | null => {
  if (!rules.mimeTypes.includes(file.type)) return messages.notImage;
  if (file.size > rules.maxBytes) return messages.tooLarge;
  return null;
};

/**
 * Why Update Profile is disabled, per field (shown inline): First name and Email are required,
 * Email must look like one, and the phone must be one the server accepts.
 */
export const profileProblems = (f: {
  FirstName: string;
  Email: string;
  PhoneNumber: string;
}): Partial<Record<'FirstName' | 'Email' | 'PhoneNumber', string>> => {
  const problems: Partial<Record<'FirstName' | 'Email' | 'PhoneNumber', string>> = {};
  if (!f.FirstName.trim()) problems.FirstName = userMessages.firstNameRequired;
  if (!f.Email.trim()) problems.Email = userMessages.emailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.Email.trim())) problems.Email = userMessages.emailInvalid;
  const phone = OptionalPhoneNumberSchema.safeParse(f.PhoneNumber);
  if (!phone.success) problems.PhoneNumber = phone.error.issues[0]?.message ?? 'Phone Number is not valid';
  return problems;
};
