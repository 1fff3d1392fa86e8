import { describe, expect, it } from 'vitest';
import { avatarProblem, canResetPassword, passwordResetProblem, profileProblems } from './validation';

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

describe('profileProblems', () => {
  it('says, per field, why Update Profile is disabled', () => {
    expect(profileProblems({ FirstName: '', Email: '', PhoneNumber: 'abc' })).toEqual({
      FirstName: 'First name is required',
      Email: 'Email is required',
      PhoneNumber: 'Phone Number may contain digits, spaces and + ( ) - . only',
    });
    expect(profileProblems({ FirstName: 'Ann', Email: 'ann@', PhoneNumber: '' })).toEqual({ Email: 'Email is not valid' });
    expect(profileProblems({ FirstName: 'Ann', Email: 'ann@example.com', PhoneNumber: '(303) 555-0100' })).toEqual({});
  });
});
