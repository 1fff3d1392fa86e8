import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION, subjects } from '@locus/contracts';
import { manualClock } from '@locus/platform/http/testing';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from './testing/identity-test-stack';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };

describe('a password change or reset ends the other sessions of that user', () => {
  let stack: IdentityStack;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    stack = await startIdentityStack({ clock });
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
  });
  afterAll(() => stack?.close());

  const signIn = async (email: string, password: string) => {
    clock.advance(1_000);
    const res = await stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password } });
    expect(res.status).toBe(200);
    return res.json.Token as string;
  };
  /** What a session can still do: a query (its profile) and a command (its profile form). */
  const sessionStatus = async (token: string) => {
    const query = await stack.query('GET', '/api/profile', { token });
    return { status: query.status, code: query.json?.ApiError?.ErrorCode };
  };
  const logoutNotifications = (userId: string) => {
    const heard: unknown[] = [];
    const subscription = stack.bus.subscribe(subjects.userNotification(userId, LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION), (m) => heard.push(m.data));
    return { heard, stop: () => subscription.unsubscribe() };
  };

  it('after a change from the profile, every other session answers 401 and hears the logout; the changing one stays', async () => {
    const user = DEMO_COMPANIES[0]!.users[0]!;
    const laptop = await signIn(user.email, ADMIN.adminPassword);
    const phone = await signIn(user.email, ADMIN.adminPassword);
    const userId = decodeJwt(laptop).sub!;
    const live = logoutNotifications(userId);
    expect(await sessionStatus(phone)).toEqual({ status: 200, code: undefined });

    const change = await stack.command('POST', '/api/profile/reset-password', {
      token: laptop,
      body: { CurrentPassword: ADMIN.adminPassword, NewPassword: 'changed-pass-1', ConfirmPassword: 'changed-pass-1' },
    });
    expect(change.status).toBe(200);
    await stack.waitForProjections();

    expect(await sessionStatus(phone)).toEqual({ status: 401, code: 'AUTH.SESSION_REVOKED' });
    const phoneCommand = await stack.command('POST', '/api/profile/reset-password', {
      token: phone,
      body: { CurrentPassword: 'changed-pass-1', NewPassword: 'hijacked-pass', ConfirmPassword: 'hijacked-pass' },
    });
    expect(phoneCommand.status).toBe(401);
    expect(await sessionStatus(laptop)).toEqual({ status: 200, code: undefined });
    // The kept session may renew its token; the renewed one works too.
    clock.advance(1_000);
    const renewed = await stack.query('GET', '/api/auth/token', { token: laptop });
    expect(renewed.status).toBe(200);
    expect(await sessionStatus(renewed.json.Token)).toEqual({ status: 200, code: undefined });
    // A new sign-in with the new password works.
    expect(await sessionStatus(await signIn(user.email, 'changed-pass-1'))).toEqual({ status: 200, code: undefined });

    await expect
      .poll(() => live.heard)
      .toEqual([
        {
          kind: 'notification',
          name: LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION,
          payload: expect.objectContaining({ UserId: userId, ExceptTokenId: decodeJwt(laptop).jti }),
        },
      ]);
    live.stop();
  });

  it('after a reset by email, every session of that user answers 401 and hears the logout', async () => {
    const user = DEMO_COMPANIES[1]!.users[0]!;
    const first = await signIn(user.email, ADMIN.adminPassword);
    const second = await signIn(user.email, ADMIN.adminPassword);
    const userId = decodeJwt(first).sub!;
    const live = logoutNotifications(userId);

    const before = stack.mailer.sent.length;
    await stack.command('POST', '/api/auth/forgot-password', { body: { Email: user.email } });
    const mail = await stack.mailer.waitFor((m) => m.to === user.email && stack.mailer.sent.indexOf(m) >= before);
    const resetToken = new URL(/(http\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
    const reset = await stack.command('POST', '/api/auth/reset-password', {
      body: { Email: user.email, Token: resetToken, NewPassword: 'after-reset-1', ConfirmPassword: 'after-reset-1' },
    });
    expect(reset.status).toBe(200);
    await stack.waitForProjections();

    expect(await sessionStatus(first)).toEqual({ status: 401, code: 'AUTH.SESSION_REVOKED' });
    expect(await sessionStatus(second)).toEqual({ status: 401, code: 'AUTH.SESSION_REVOKED' });
    expect((await stack.query('GET', '/api/auth/token', { token: first })).status).toBe(401);
    expect(await sessionStatus(await signIn(user.email, 'after-reset-1'))).toEqual({ status: 200, code: undefined });

    await expect.poll(() => live.heard).toHaveLength(1);
    expect((live.heard[0] as { payload: Record<string, unknown> }).payload).toEqual({ UserId: userId, CompanyId: expect.any(String) });
    live.stop();
  });
});
