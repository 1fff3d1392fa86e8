import { describe, expect, it } from 'vitest';
import { canSubmitLogin, isOtpComplete, resetPasswordProblem, sanitizeOtp, validateSignup } from './validation';

describe('sign-in rules', () => {
  it('enables Login only with both fields', () => {
    expect(canSubmitLogin('', 'x')).toBe(false);
    expect(canSubmitLogin('a@b.co', '')).toBe(false);
    expect(canSubmitLogin('  ', 'x')).toBe(false);
    expect(canSubmitLogin('a@b.co', 'x')).toBe(true);
  });

  it('accepts exactly 6 digits as the OTP', () => {
    expect(isOtpComplete('123456')).toBe(true);
    expect(isOtpComplete('12345')).toBe(false);
    expect(isOtpComplete('12345a')).toBe(false);
    expect(sanitizeOtp('12-34 56 78')).toBe('123456');
  });

  it('validates the register dialog per spec', () => {
    expect(validateSignup({ FirstName: '', LastName: '', Email: '', Password: '' })).toEqual({
      FirstName: 'First name is required',
      Email: 'Email is required',
      Password: 'Password is required',
    });
    expect(validateSignup({ FirstName: 'A', LastName: '', Email: 'bad', Password: 'short' })).toEqual({
      Email: 'Email is not valid',
      Password: 'Password must be at least 8 characters',
    });
    expect(validateSignup({ FirstName: 'A', LastName: '', Email: 'a@b.co', Password: '12345678' })).toEqual({});
  });

  it('reports a mismatch on the reset screen', () => {
    const msg = 'New Password And Confirm Password are not same';
    expect(resetPasswordProblem('abcdefgh', 'abcdefgi', msg)).toBe(msg);
    expect(resetPasswordProblem('abcdefgh', 'abcdefgh', msg)).toBeNull();
  });
});
