import { describe, expect, it } from 'vitest';
import { avatarProblem, canResetPassword, passwordResetProblem } from './validation';

describe('profile rules', () => {
  it('enables Reset Password only with all three fields and stops on a mismatch', () => {
    expect(canResetPassword({ CurrentPassword: 'a', NewPassword: 'b', ConfirmPassword: '' })).toBe(false);
    expect(canResetPassword({ CurrentPassword: 'a', NewPassword: 'b', ConfirmPassword: 'c' })).toBe(true);
    expect(passwordResetProblem({ CurrentPassword: 'a', NewPassword: 'b', ConfirmPassword: 'c' }, 'Passwords do not match.')).toBe('Passwords do not match.');
    expect(passwordResetProblem({ CurrentPassword: 'a', NewPassword: 'b', ConfirmPassword: 'b' }, 'x')).toBeNull();
  });

  it('accepts only images within the size limit', () => {
    const rules = { mimeTypes: ['image/png', 'image/jpeg'], maxBytes: 100 };
    const msgs = { notImage: 'images only', tooLarge: 'too large' };
    expect(avatarProblem({ type: 'application/pdf', size: 10 }, rules, msgs)).toBe('images only');
    expect(avatarProblem({ type: 'image/png', size: 101 }, rules, msgs)).toBe('too large');
    expect(avatarProblem({ type: 'image/jpeg', size: 100 }, rules, msgs)).toBeNull();
  });
});
