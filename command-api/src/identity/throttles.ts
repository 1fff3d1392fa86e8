import { LOGIN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE, LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE, LOGIN_ATTEMPTS_PER_MINUTE, authErrors } from '@locus/contracts';
import { createMemoryRateLimits, type CommandDeps, type RateLimitRule } from '@locus/platform';

const tooMany = authErrors.tooManyAttempts;
const perMinute = (name: string, points: number): RateLimitRule => ({ name, points, durationSeconds: 60 });

/**
 * The identity routes' limits (rate-limiter-flexible; shared by every replica when
 * `REDIS_URL` is set). Every key is the same for known and unknown emails, so a 429 says
 * nothing about whether an account exists.
 */
export function identityThrottles(deps: Pick<CommandDeps, 'rateLimits'>) {
  const limits = deps.rateLimits ?? createMemoryRateLimits();
  const loginByAddress = limits.limiter(perMinute('login-address', LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE));
  const loginByAccount = limits.limiter(perMinute('login-account', LOGIN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE));
  const loginByAccountAndAddress = limits.limiter(perMinute('login-account-address', LOGIN_ATTEMPTS_PER_MINUTE));
  // A code guess needs a challenge id (which needs the password), so this only slows noise.
  const otpByAddress = limits.limiter(perMinute('otp-address', 20));
  const forgotByAccountAndAddress = limits.limiter(perMinute('forgot-account-address', 5));
  const resetByAddress = limits.limiter(perMinute('reset-address', 10));
  const signupByAddress = limits.limiter(perMinute('signup-address', 10));

  return {
    /** Counts a sign-in attempt by address, by account and by both; 429 once any is spent. */
    async loginAttempt(email: string, ip: string): Promise<void> {
      await loginByAddress.consume(ip, tooMany);
      await loginByAccount.consume(email, tooMany);
      await loginByAccountAndAddress.consume(`${email}|${ip}`, tooMany);
    },
    /**
     * A correct password clears the account's counts and gives the address back this one
     * attempt (only this one: signing in to one's own account must not clear a spraying
     * client's failures).
     */
    async loginSucceeded(email: string, ip: string): Promise<void> {
      await Promise.all([loginByAddress.refund(ip), loginByAccount.reset(email), loginByAccountAndAddress.reset(`${email}|${ip}`)]);
    },
    otpAttempt: (ip: string) => otpByAddress.consume(ip, tooMany),
    forgotPasswordAttempt: (email: string, ip: string) => forgotByAccountAndAddress.consume(`${email}|${ip}`, tooMany),
    resetPasswordAttempt: (ip: string) => resetByAddress.consume(ip, tooMany),
    signupAttempt: (ip: string) => signupByAddress.consume(ip, tooMany),
  };
}

export type IdentityThrottles = ReturnType<typeof identityThrottles>;
