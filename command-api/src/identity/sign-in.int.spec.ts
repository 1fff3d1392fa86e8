import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  beforeAll(async () => {
    stack = await startIdentityStack({ clock });
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
  });
  afterAll(() => stack?.close());

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
    clock.advance(61_000);
    for (const email of [companyUser.email, 'ghost@nowhere.example']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(email, 'wrong-password-guess')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
    }
    // After the window the correct password works again.
    clock.advance(61_000);
    expect((await login(companyUser.email, ADMIN.adminPassword)).status).toBe(200);
  });

  describe('administrator one-time code', () => {
    const codeFromMail = async (afterCount: number) => {
      const mail = await stack.mailer.waitFor((m, ) => m.to === ADMIN.adminEmail && stack.mailer.sent.indexOf(m) >= afterCount);
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
      const bad = await stack.command('POST', `/api/auth/verify-otp/${wrong}`, { body: { ChallengeId: res.json.OtpChallengeId } });
      expect(bad.status).toBe(401);
      expect(bad.json.ApiError.ErrorCode).toBe('AUTH.OTP_INVALID');
      const ok = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { ChallengeId: res.json.OtpChallengeId } });
      expect(ok.status).toBe(200);
      expect(decodeJwt(ok.json.Token)).toMatchObject({ RoleId: 'Administrator', CompanyId: null, ViewingAsAdmin: false });
      // Single use.
      const again = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { ChallengeId: res.json.OtpChallengeId } });
      expect(again.status).toBe(401);
    });

    it('voids the code after 5 wrong tries', async () => {
      clock.advance(61_000);
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      const code = await codeFromMail(before);
      const wrong = code === '123456' ? '654321' : '123456';
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await stack.command('POST', `/api/auth/verify-otp/${wrong}`, { body: { ChallengeId: res.json.OtpChallengeId } });
        codes.push(r.json.ApiError.ErrorCode);
      }
      expect(codes).toEqual(['AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_INVALID', 'AUTH.OTP_EXHAUSTED']);
      const right = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { ChallengeId: res.json.OtpChallengeId } });
      expect(right.status).toBe(401);
      expect(right.json.ApiError.ErrorCode).toBe('AUTH.OTP_EXHAUSTED');
    });

    it('expires the code after 10 minutes', async () => {
      clock.advance(61_000);
      const before = stack.mailer.sent.length;
      const res = await login(ADMIN.adminEmail, ADMIN.adminPassword);
      const code = await codeFromMail(before);
      clock.advance(10 * 60_000 + 1000);
      const late = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { ChallengeId: res.json.OtpChallengeId } });
      expect(late.status).toBe(401);
      expect(late.json.ApiError.ErrorCode).toBe('AUTH.OTP_EXPIRED');
    });

    it('rejects a malformed code or an unknown challenge', async () => {
      expect((await stack.command('POST', '/api/auth/verify-otp/12ab56', { body: { ChallengeId: 'x' } })).status).toBe(400);
      const unknown = await stack.command('POST', '/api/auth/verify-otp/123456', { body: { ChallengeId: 'no-such-challenge' } });
      expect(unknown.status).toBe(401);
    });
  });
});
