import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from './testing/identity-test-stack';

const OWN_COLLECTIONS = ['users', 'companies', 'company-directory', 'session-blocks'];
const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-Scan-7731!' };

/**
 * After a scenario with every kind of secret (passwords set in several ways, an OTP sign-in,
 * a password reset link), no clear secret may be found in any stored event, any captured log
 * line or any read-model document.
 */
describe('secrets never stored or logged in clear', () => {
  let stack: IdentityStack;
  const secrets: { kind: string; value: string }[] = [{ kind: 'admin password', value: ADMIN.adminPassword }];

  beforeAll(async () => {
    stack = await startIdentityStack();
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();

    // Administrator sign-in with a wrong then the right one-time code.
    const login = await stack.command('POST', '/api/auth/login', { body: { UserName: ADMIN.adminEmail, Password: ADMIN.adminPassword } });
    const otpMail = await stack.mailer.waitFor((m) => m.to === ADMIN.adminEmail);
    const code = /\b(\d{6})\b/.exec(otpMail.text)![1]!;
    secrets.push({ kind: 'otp', value: code });
    const wrong = code === '000000' ? '000001' : '000000';
    await stack.command('POST', `/api/auth/verify-otp/${wrong}`, { body: { OtpChallengeId: login.json.OtpChallengeId } });
    const verified = await stack.command('POST', `/api/auth/verify-otp/${code}`, { body: { OtpChallengeId: login.json.OtpChallengeId } });
    expect(verified.status).toBe(200);
    const adminToken = verified.json.Token as string;

    // A company created with an admin password, a user and an admin created with passwords.
    const companyPassword = 'Company-Admin-Pw-4411';
    secrets.push({ kind: 'company admin password', value: companyPassword });
    const company = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: {
        CompanyName: 'Scan Co',
        PrimaryContact: { FirstName: 'Sam', Email: 'sam@scan.example', Password: companyPassword, ConfirmPassword: companyPassword },
      },
    });
    expect(company.status).toBe(201);
    const samToken = (await stack.command('POST', '/api/auth/login', { body: { UserName: 'sam@scan.example', Password: companyPassword } })).json.Token;
    const userPassword = 'User-Secret-Pw-9902';
    secrets.push({ kind: 'user password', value: userPassword });
    const created = await stack.command('POST', '/api/users', {
      token: samToken,
      body: { FirstName: 'Uma', Email: 'uma@scan.example', PhoneNumber: '555', Password: userPassword, ConfirmPassword: userPassword },
    });
    expect(created.status).toBe(201);
    const editedPassword = 'Edited-By-Admin-Pw-3310';
    secrets.push({ kind: 'password set on edit', value: editedPassword });
    await stack.command('POST', `/api/users/${created.json.Data.Id}/update`, {
      token: samToken,
      body: { FirstName: 'Uma', Email: 'uma@scan.example', PhoneNumber: '555', Password: editedPassword, ConfirmPassword: editedPassword },
    });

    // Forgot password → link → reset; then a profile password change; a failed login.
    const member = DEMO_COMPANIES[0]!.users[0]!;
    await stack.command('POST', '/api/auth/forgot-password', { body: { Email: member.email } });
    const resetMail = await stack.mailer.waitFor((m) => m.to === member.email);
    const token = new URL(/(http\S+)/.exec(resetMail.text)![1]!).searchParams.get('token')!;
    secrets.push({ kind: 'reset token', value: token });
    const resetPassword = 'Reset-Link-Pw-5520';
    secrets.push({ kind: 'password set by reset link', value: resetPassword });
    expect(
      (
        await stack.command('POST', '/api/auth/reset-password', {
          body: { Email: member.email, Token: token, NewPassword: resetPassword, ConfirmPassword: resetPassword },
        })
      ).status,
    ).toBe(200);
    const memberToken = (await stack.command('POST', '/api/auth/login', { body: { UserName: member.email, Password: resetPassword } })).json.Token;
    const profilePassword = 'Profile-Change-Pw-7781';
    secrets.push({ kind: 'password set on profile', value: profilePassword });
    expect(
      (
        await stack.command('POST', '/api/profile/reset-password', {
          token: memberToken,
          body: { CurrentPassword: resetPassword, NewPassword: profilePassword, ConfirmPassword: profilePassword },
        })
      ).status,
    ).toBe(200);
    const wrongGuess = 'Wrong-Guess-Pw-6612';
    secrets.push({ kind: 'wrong password guess', value: wrongGuess });
    await stack.command('POST', '/api/auth/login', { body: { UserName: member.email, Password: wrongGuess } });
    const signupPassword = 'Signup-Pw-8834';
    secrets.push({ kind: 'sign-up password', value: signupPassword });
    await stack.command('POST', '/api/auth/signup', { body: { FirstName: 'Sig', Email: 'sig@scan.example', Password: signupPassword } });
    await stack.waitForProjections();
  });
  afterAll(() => stack?.close());

  const findIn = (haystack: string) =>
    secrets.filter((s) => (/^\d{6}$/.test(s.value) ? new RegExp(`(?<!\\d)${s.value}(?!\\d)`).test(haystack) : haystack.includes(s.value))).map((s) => s.kind);

  it('the scenario produced events, logs, documents and mail to scan', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(9);
    expect((await stack.eventStore.readAll()).length).toBeGreaterThan(40);
    expect(stack.logs.lines().length).toBeGreaterThan(10);
  });

  it('no event holds a clear secret', async () => {
    const events = await stack.eventStore.readAll();
    const leaks = events.flatMap((e) => findIn(JSON.stringify({ type: e.type, data: e.data, metadata: e.metadata })).map((kind) => `${e.type}: ${kind}`));
    expect(leaks).toEqual([]);
    // The mechanisms are there: hashes and sealed copies.
    const types = new Set(events.map((e) => e.type));
    for (const t of ['OtpIssued', 'OtpFailed', 'OtpVerified', 'PasswordResetRequested', 'PasswordChanged']) expect(types).toContain(t);
  });

  it('no log line holds a clear secret', () => {
    // The spec puts the one-time code in the path (POST /api/auth/verify-otp/{code}); the kit
    // redacts secret-named path params in the request log.
    const lines = stack.logs.lines();
    expect(lines.some((line) => line.route === 'auth.verifyOtp')).toBe(true);
    expect(lines.flatMap((line) => findIn(JSON.stringify(line)))).toEqual([]);
  });

  it('no read-model document holds a clear secret', async () => {
    const collections = await stack.readStore.listCollections();
    expect(collections.length).toBeGreaterThan(3);
    const leaks: string[] = [];
    for (const name of collections) {
      for (const doc of await stack.readStore.collection(name).find({})) {
        const text = JSON.stringify(doc);
        for (const kind of findIn(text)) leaks.push(`${name}/${doc._id}: ${kind}`);
        // Not even hashes or sealed copies belong in this slice's read models.
        if (OWN_COLLECTIONS.some((c) => name.startsWith(`${c}__`) || name === c) && /\$argon2|sealed|codeHash|tokenHash|passwordHash/i.test(text))
          leaks.push(`${name}/${doc._id}: hash or sealed value`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
