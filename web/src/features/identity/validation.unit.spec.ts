import { describe, expect, it } from 'vitest';
import { canSubmitLogin, formatRemaining, isOtpComplete, resendWaitSeconds, RegisterFormSchema, resetPasswordProblem, sanitizeOtp } from './validation';

/** The first message per field, as the form shows it. */
const registerErrors = (values: Record<string, string>): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of RegisterFormSchema.safeParse(values).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

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

  it("shows what is left of the code's validity and when a new code may be asked for", () => {
    expect(formatRemaining(600_000)).toBe('10:00');
    expect(formatRemaining(61_001)).toBe('1:02');
    expect(formatRemaining(-5)).toBe('0:00');
    expect(resendWaitSeconds(1_000_000, 1_000_000, 30)).toBe(30);
    expect(resendWaitSeconds(1_000_000, 1_029_500, 30)).toBe(1);
    expect(resendWaitSeconds(1_000_000, 1_030_000, 30)).toBe(0);
  });

  it("validates the register form with the sign-up route's schema", () => {
    expect(registerErrors({ FirstName: '', LastName: '', Email: '', Password: '', CompanyName: ' ' })).toEqual({
      FirstName: 'First name is required',
      CompanyName: 'Company name is required',
      Email: 'Email is required',
      Password: 'Password is required',
    });
    expect(registerErrors({ FirstName: 'A', LastName: '', Email: 'bad', Password: 'short', CompanyName: 'A Co' })).toEqual({
      Email: 'Email is not valid',
      Password: 'Password must be at least 8 characters',
    });
    expect(registerErrors({ FirstName: 'A', LastName: '', Email: 'a@b.co', Password: '12345678', CompanyName: 'A Co' })).toEqual({});
  });

  it('reports a mismatch on the reset screen', () => {
    const msg = 'New Password And Confirm Password are not same';
    expect(resetPasswordProblem('abcdefgh', 'abcdefgi', msg)).toBe(msg);
    expect(resetPasswordProblem('abcdefgh', 'abcdefgh', msg)).toBeNull();
  });
});
