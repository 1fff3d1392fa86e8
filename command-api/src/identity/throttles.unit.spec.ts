import { describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE, LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE } from '@locus/contracts';
import { identityThrottles } from './throttles';

const statusOf = (attempt: Promise<void>) =>
  attempt.then(
    () => 'ok',
    (e: { status?: number }) => e.status,
  );

describe('sign-in throttles', () => {
  it('limit one account tried from many addresses', async () => {
    const throttles = identityThrottles({});
    const answers: unknown[] = [];
    for (let i = 0; i <= LOGIN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE; i++) answers.push(await statusOf(throttles.loginAttempt('ada@example.com', `10.0.0.${i}`)));
    expect(answers.slice(0, -1).every((a) => a === 'ok')).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another account from those addresses is not affected.
    expect(await statusOf(throttles.loginAttempt('bob@example.com', '10.0.0.1'))).toBe('ok');
  });

  it('limit one address trying many accounts, and a successful sign-in gives back only its own attempt', async () => {
    const throttles = identityThrottles({});
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE - 1; i++) await throttles.loginAttempt(`user-${i}@example.com`, '10.9.9.9');
    await throttles.loginAttempt('mine@example.com', '10.9.9.9');
    await throttles.loginSucceeded('mine@example.com', '10.9.9.9');
    expect(await statusOf(throttles.loginAttempt('one-more@example.com', '10.9.9.9'))).toBe('ok');
    expect(await statusOf(throttles.loginAttempt('and-another@example.com', '10.9.9.9'))).toBe(429);
  });
});
