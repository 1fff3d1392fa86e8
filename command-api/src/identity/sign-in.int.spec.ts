import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { manualClock } from '@locus/platform/http/testing';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from './testing/identity-test-stack';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };
const companyAdmin = DEMO_COMPANIES[0]!.admin;
const companyUser = DEMO_COMPANIES[0]!.users[0]!;

describe('sign-in over HTTP', () => {
  let stack: IdentityStack;
  const clock = manualClock(new Date());

  /** The next limit window: the injected clock and Date (rate-limiter-flexible's memory store reads Date.now). */
  const nextWindow = () => {
    clock.advance(61_000);
    vi.setSystemTime(Date.now() + 61_000);
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    stack = await startIdentityStack({ clock });
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
  });
  afterAll(async () => {
    await stack?.close();
    vi.useRealTimers();
  });

  const login = (email: string, password: string, ip?: string) =>
    stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password }, headers: ip ? { 'x-forwarded-for': ip } : {} });

  it('signs a company admin in with a token carrying the current-user fields', async () => {
    const res = await login(companyAdmin.email, ADMIN.adminPassword);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ Success: true, IsAdministrator: false, IsCompanyAdmin: true, IsCompanyUser: false });
    const claims = decodeJwt(res.json.Token);
    expect(claims).toMatchObject({
      RoleId: 'CompanyAdmin',
      fullName: 'Olivia Bennett',
      EmailAddress: companyAdmin.email,
      CompanyName: 'Harbor Dental Group',
      ViewingAsAdmin: false,
    });
    expect(typeof claims.UserId).toBe('string');
    expect(typeof claims.CompanyId).toBe('string');
    const profile = await stack.query('GET', '/api/profile', { token: res.json.Token, headers: { 'X-Min-Position': res.headers.get('x-position')! } });
    expect(profile.status).toBe(200);
    expect(profile.json.Data).toMatchObject({ FirstName: 'Olivia', CompanyName: 'Harbor Dental Group', UserRoleId: 'CompanyAdmin' });
  });

  it('accepts the email in any case and a company user', async () => {
    const res = await login(companyUser.email.toUpperCase(), ADMIN.adminPassword);
    expect(res.status).toBe(200);
    expect(res.json.IsCompanyUser).toBe(true);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await login(companyAdmin.email, 'not-the-password');
    const unknown = await login('nobody@nowhere.example', 'whatever-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.ResponseMessage).toBe('Invalid email or password.');
    expect(unknown.json).toEqual(wrong.json);
  });

  it('rejects a missing password with the field named', async () => {
    const res = await stack.command('POST', '/api/auth/login', { body: { UserName: companyAdmin.email } });
    expect(res.status).toBe(400);
    expect(res.json.ApiError.Fields).toEqual(expect.arrayContaining([expect.objectContaining({ Field: 'Password' })]));
  });

  it('limits attempts per email and address to 5 a minute (429), known or not', async () => {
    nextWindow();
    for (const email of [companyUser.email, 'ghost@nowhere.example']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(email, 'wrong-password-guess')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
    }
    // After the window the correct password works again.
    nextWindow();
    expect((await login(companyUser.email, ADMIN.adminPassword)).status).toBe(200);
  });

  it('slows one address trying one password on many accounts (429 with Retry-After), saying nothing about which exist', async () => {
    nextWindow();
    const accounts = [
      ...DEMO_COMPANIES.flatMap((c) => [c.admin, ...c.users]).map((u) => u.email),
      ...Array.from({ length: 40 }, (_, i) => `ghost-${i}@nowhere.example`),
    ];
    const answers: { status: number; retryAfter: string | null; body: unknown }[] = [];
    for (const email of accounts.slice(0, 50)) {
      const res = await login(email, 'Summer2024!');
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: res.json });
    }
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(401));
    const throttled = answers.slice(20);
    expect(throttled.map((a) => a.status)).toEqual(Array(30).fill(429));
    for (const a of throttled) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
      // Known and unknown accounts get one and the same answer.
      expect(a.body).toEqual(throttled[0]!.body);
    }
    expect(throttled[0]!.body).toMatchObject({ Success: false, ApiError: { ErrorCode: 'AUTH.TOO_MANY_ATTEMPTS' } });
    // Even the right password waits: the address is throttled, not the account.
    expect((await login(companyUser.email, ADMIN.adminPassword)).status).toBe(429);
    nextWindow();
    expect((await login(companyUser.email, ADMIN.adminPassword)).status).toBe(200);
  });

  describe('administrator one-time code', () => {
    const codeFromMail = async (afterCount: number) => {
      const mail = await stack.mailer.waitFor((m) => m.to === ADMIN.adminEmail && stack.mailer.sent.indexOf(m) >= afterCount);
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    };

    it('asks for the emailed code, then issues the administrator token', async () => {
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ Success: true, IsAdministrator: true, ResponseMessage: 'Please check your email for an OTP code' });
      expect(res.json.Token).toBeUndefined();
      const code = await codeFromMail(before);
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await stack.command('POST', `/api/auth/verify-otp/${wrong}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(bad.status).toBe(401);
      expect(bad.json.ApiError.ErrorCode).toBe('AUTH.OTP_INVALID');
      const ok = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(ok.status).toBe(200);
      expect(decodeJwt(ok.json.Token)).toMatchObject({ RoleId: 'Administrator', CompanyId: null, ViewingAsAdmin: false });
      // Single use.
      const again = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(again.status).toBe(401);
    });

    it('voids the code after 5 wrong tries', async () => {
      nextWindow();
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      const code = await codeFromMail(before);
      const wrong = code === '123456' ? '654321' : '123456';
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await stack.command('POST', `/api/auth/verify-otp/${wrong}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
        codes.push(r.json.ApiError.ErrorCode);
      }
      expect(codes).toEqual(['AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_EXHAUSTED']);
      const right = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(right.status).toBe(401);
      expect(right.json.ApiError.ErrorCode).toBe('AUTH.OTP_EXHAUSTED');
    });

    it('expires the code after 10 minutes', async () => {
      nextWindow();
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      const code = await codeFromMail(before);
      clock.advance(10 * 60_000 + 1000);
      const late = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(late.status).toBe(401);
      expect(late.json.ApiError.ErrorCode).toBe('AUTH.OTP_EXPIRED');
    });

    it('resends a new code no sooner than 30 seconds after the last, at most 3 times; only the newest code signs in', async () => {
      clock.advance(61_000);
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      expect(Date.parse(res.json.OtpExpiresAt) - clock.now().getTime()).toBe(10 * 60_000);
      const first = await codeFromMail(before);
      const resend = () => stack.command('POST', '/api/auth/resend-otp', { body: { OtpChallengeId: res.json.OtpChallengeId } });

      const early = await resend();
      expect(early.status).toBe(429);
      expect(early.json.ApiError.ErrorCode).toBe('AUTH.OTP_RESEND_TOO_SOON');
      expect(early.headers.get('retry-after')).toBe('30');

      clock.advance(30_000);
      const afterFirst = stack.mailer.sent.length;
      const again = await resend();
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ Success: true, ResponseMessage: 'A new OTP code has been sent to your email' });
      expect(Date.parse(again.json.OtpExpiresAt) - clock.now().getTime()).toBe(10 * 60_000);
      const second = await codeFromMail(afterFirst);

      for (let i = 0; i < 2; i++) {
        clock.advance(30_000);
        expect((await resend()).status).toBe(200);
      }
      clock.advance(30_000);
      const capped = await resend();
      expect(capped.status).toBe(429);
      expect(capped.json.ApiError.ErrorCode).toBe('AUTH.OTP_RESEND_LIMIT');

      // the newest code replaced the earlier ones
      const newest = await codeFromMail(stack.mailer.sent.length - 1);
      if (first !== newest)
        expect((await stack.command('POST', `/api/auth/verify-otp/${first}`, { body: { OtpChallengeId: res.json.OtpChallengeId } })).status).toBe(401);
      if (second !== newest)
        expect((await stack.command('POST', `/api/auth/verify-otp/${second}`, { body: { OtpChallengeId: res.json.OtpChallengeId } })).status).toBe(401);
      const ok = await stack.command('POST', `/api/auth/verify-otp/${newest}`, { body: { OtpChallengeId: res.json.OtpChallengeId } });
      expect(ok.status).toBe(200);
      expect((await stack.command('POST', '/api/auth/resend-otp', { body: { OtpChallengeId: 'no-such-challenge' } })).status).toBe(401);
    });

    it('rejects a malformed code or an unknown challenge', async () => {
      expect((await stack.command('POST', '/api/auth/verify-otp/12ab56', { body: { OtpChallengeId: 'x' } })).status).toBe(400);
      const unknown = await stack.command('POST', '/api/auth/verify-otp/123456', { body: { OtpChallengeId: 'no-such-challenge' } });
      expect(unknown.status).toBe(401);
    });
  });
});
