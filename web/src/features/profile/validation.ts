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
