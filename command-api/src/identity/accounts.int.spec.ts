import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { manualClock } from '@locus/platform/http/testing';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from './testing/identity-test-stack';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };
const member = DEMO_COMPANIES[1]!.users[0]!;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

describe('sign-up, forgot password and profile over HTTP', () => {
  let stack: IdentityStack;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    stack = await startIdentityStack({ clock });
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
  });
  afterAll(() => stack?.close());

  const login = (email: string, password: string) => stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password } });

  describe('sign-up', () => {
    it('creates the company named at sign-up and its admin, signed in at once; the admin renames it', async () => {
      const res = await stack.command('POST', '/api/auth/signup', {
        body: { FirstName: 'Nora', LastName: 'Quinn', Email: 'nora.quinn@newco.example', Password: 'longenough1', CompanyName: 'Quinn Heating' },
      });
      expect(res.status).toBe(201);
      const claims = decodeJwt(res.json.Token);
      expect(claims).toMatchObject({ RoleId: 'CompanyAdmin', CompanyName: 'Quinn Heating', fullName: 'Nora Quinn', ViewingAsAdmin: false });
      const wait = { 'X-Min-Position': res.headers.get('x-position')! };
      const name = await stack.query('GET', '/api/companies/company-name', { token: res.json.Token, headers: wait });
      expect(name.json.Data).toEqual({ Id: claims.CompanyId, CompanyName: 'Quinn Heating' });
      const renamed = await stack.command('POST', '/api/companies/company-name', { token: res.json.Token, body: { CompanyName: 'Quinn Plumbing' } });
      expect(renamed.json.ResponseMessage).toBe('Your company name has been updated successfully');
      const refreshed = await stack.query('GET', '/api/auth/token', {
        token: res.json.Token,
        headers: { 'X-Min-Position': renamed.headers.get('x-position')! },
      });
      expect(decodeJwt(refreshed.json.Token).CompanyName).toBe('Quinn Plumbing');
      expect((await login('nora.quinn@newco.example', 'longenough1')).status).toBe(200);
    });

    it('names the company from the registrant when sign-up sends no company name (never unnamed)', async () => {
      const res = await stack.command('POST', '/api/auth/signup', {
        body: { FirstName: 'Omar', LastName: 'Reyes', Email: 'omar.reyes@newco.example', Password: 'longenough1' },
      });
      expect(res.status).toBe(201);
      expect(decodeJwt(res.json.Token).CompanyName).toBe("Omar Reyes's Company");
      const name = await stack.query('GET', '/api/companies/company-name', {
        token: res.json.Token,
        headers: { 'X-Min-Position': res.headers.get('x-position')! },
      });
      expect(name.json.Data.CompanyName).toBe("Omar Reyes's Company");
      const blank = await stack.command('POST', '/api/auth/signup', {
        body: { FirstName: 'Pia', Email: 'pia@newco.example', Password: 'longenough1', CompanyName: '  ' },
      });
      expect(blank.status).toBe(400);
      expect(blank.json.ApiError.Fields.map((f: { Field: string }) => f.Field)).toEqual(['CompanyName']);
    });

    it('validates per spec and refuses a taken email', async () => {
      const bad = await stack.command('POST', '/api/auth/signup', { body: { FirstName: '', Email: 'not-an-email', Password: 'short' } });
      expect(bad.status).toBe(400);
      const fields = Object.fromEntries(bad.json.ApiError.Fields.map((f: { Field: string; Message: string }) => [f.Field, f.Message]));
      expect(fields).toMatchObject({ FirstName: 'First name is required', Email: 'Email is not valid', Password: 'Password must be at least 8 characters' });
      const taken = await stack.command('POST', '/api/auth/signup', { body: { FirstName: 'X', Email: member.email.toUpperCase(), Password: 'longenough1' } });
      expect(taken.status).toBe(409);
      expect(taken.json.ResponseMessage).toBe('An account with this email already exists.');
    });

    it('reserves an email once even under concurrent sign-ups', async () => {
      const body = { FirstName: 'Twin', Email: 'twin@race.example', Password: 'longenough1' };
      const results = await Promise.all([1, 2, 3].map(() => stack.command('POST', '/api/auth/signup', { body })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('forgot password', () => {
    it('answers the same for unknown and known emails and mails a single-use link', async () => {
      const unknown = await stack.command('POST', '/api/auth/forgot-password', { body: { Email: 'nobody@nowhere.example' } });
      const before = stack.mailer.sent.length;
      const known = await stack.command('POST', '/api/auth/forgot-password', { body: { Email: member.email } });
      expect(known.status).toBe(200);
      expect(known.json).toEqual(unknown.json);
      expect(known.headers.get('x-position')).toBeNull();
      const mail = await stack.mailer.waitFor((m) => m.to === member.email && stack.mailer.sent.indexOf(m) >= before);
      const link = new URL(/(http\S+)/.exec(mail.text)![1]!);
      expect(`${link.origin}${link.pathname}`).toBe('http://locus.test/forget-password');
      expect(link.searchParams.get('email')).toBe(member.email);
      const token = link.searchParams.get('token')!;

      const mismatch = await stack.command('POST', '/api/auth/reset-password', {
        body: { Email: member.email, Token: token, NewPassword: 'brand-new-pass', ConfirmPassword: 'other-pass-1' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.ApiError.Fields).toEqual([{ Field: 'ConfirmPassword', Message: 'New Password And Confirm Password are not same' }]);
      const wrongToken = await stack.command('POST', '/api/auth/reset-password', {
        body: {
          Email: member.email,
          Token: (token.startsWith('x') ? 'y' : 'x') + token.slice(1),
          NewPassword: 'brand-new-pass',
          ConfirmPassword: 'brand-new-pass',
        },
      });
      expect(wrongToken.status).toBe(422);

      const reset = await stack.command('POST', '/api/auth/reset-password', {
        body: { Email: member.email, Token: token, NewPassword: 'brand-new-pass', ConfirmPassword: 'brand-new-pass' },
      });
      expect(reset.status).toBe(200);
      expect(reset.json.ResponseMessage).toBe('Your password reset successfully.');
      const reuse = await stack.command('POST', '/api/auth/reset-password', {
        body: { Email: member.email, Token: token, NewPassword: 'another-pass-2', ConfirmPassword: 'another-pass-2' },
      });
      expect(reuse.status).toBe(422);
      expect(reuse.json.ResponseMessage).toBe('This password reset link is invalid or has expired.');
      expect((await login(member.email, ADMIN.adminPassword)).status).toBe(401);
      expect((await login(member.email, 'brand-new-pass')).status).toBe(200);
    });

    it('lets a link expire after an hour; a newer request replaces the older link', async () => {
      const links: string[] = [];
      for (let i = 0; i < 2; i++) {
        const before = stack.mailer.sent.length;
        await stack.command('POST', '/api/auth/forgot-password', { body: { Email: member.email } });
        const mail = await stack.mailer.waitFor((m) => m.to === member.email && stack.mailer.sent.indexOf(m) >= before);
        links.push(new URL(/(http\S+)/.exec(mail.text)![1]!).searchParams.get('token')!);
      }
      const body = (token: string) => ({ Email: member.email, Token: token, NewPassword: 'third-pass-33', ConfirmPassword: 'third-pass-33' });
      expect((await stack.command('POST', '/api/auth/reset-password', { body: body(links[0]!) })).status).toBe(422);
      clock.advance(60 * 60_000 + 1000);
      expect((await stack.command('POST', '/api/auth/reset-password', { body: body(links[1]!) })).status).toBe(422);
    });
  });

  describe('profile', () => {
    let token: string;
    beforeAll(async () => {
      clock.advance(61_000);
      token = (await login(DEMO_COMPANIES[2]!.users[1]!.email, ADMIN.adminPassword)).json.Token;
    });

    it('updates personal information and shows it back', async () => {
      const update = await stack.command('POST', '/api/profile', {
        token,
        body: {
          FirstName: 'Laura',
          LastName: 'Martínez-Ruiz',
          Email: 'laura.m@bluebirdins.example',
          PhoneNumber: '(512) 555-0199',
          AddressLine1: '12 Elm St',
          AddressLine2: '',
          City: 'Austin',
          PostalCode: '78701',
        },
      });
      expect(update.status).toBe(200);
      expect(update.json.ResponseMessage).toBe('Your Profile update successfully');
      const profile = await stack.query('GET', '/api/profile', { token, headers: { 'X-Min-Position': update.headers.get('x-position')! } });
      expect(profile.json.Data).toMatchObject({
        LastName: 'Martínez-Ruiz',
        Email: 'laura.m@bluebirdins.example',
        City: 'Austin',
        CompanyName: 'Bluebird Insurance Agency',
      });
      // The old email is free again, the new one signs in.
      expect((await login('laura.m@bluebirdins.example', ADMIN.adminPassword)).status).toBe(200);
      const signup = await stack.command('POST', '/api/auth/signup', {
        body: { FirstName: 'L', Email: DEMO_COMPANIES[2]!.users[1]!.email, Password: 'longenough1' },
      });
      expect(signup.status).toBe(201);
    });

    it('resets the password with the current one, per the spec rules', async () => {
      const mismatch = await stack.command('POST', '/api/profile/reset-password', {
        token,
        body: { CurrentPassword: ADMIN.adminPassword, NewPassword: 'new-pass-123', ConfirmPassword: 'new-pass-124' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.ApiError.Fields).toEqual([{ Field: 'ConfirmPassword', Message: 'Passwords do not match.' }]);
      const wrongCurrent = await stack.command('POST', '/api/profile/reset-password', {
        token,
        body: { CurrentPassword: 'nope-nope', NewPassword: 'new-pass-123', ConfirmPassword: 'new-pass-123' },
      });
      expect(wrongCurrent.status).toBe(422);
      const ok = await stack.command('POST', '/api/profile/reset-password', {
        token,
        body: { CurrentPassword: ADMIN.adminPassword, NewPassword: 'new-pass-123', ConfirmPassword: 'new-pass-123' },
      });
      expect(ok.status).toBe(200);
      expect(ok.json.ResponseMessage).toBe('Your password reset successfully.');
      clock.advance(61_000);
      expect((await login('laura.m@bluebirdins.example', 'new-pass-123')).status).toBe(200);
    });

    it('uploads, serves and removes an avatar; refuses non-images', async () => {
      const form = new FormData();
      form.append('File', new Blob([PNG], { type: 'image/png' }), 'me.png');
      const up = await stack.command('POST', '/api/profile/avatar', { token, form });
      expect(up.status).toBe(200);
      expect(up.json.Url).toMatch(/^\/media\/avatars\/[0-9a-f-]+\.png$/);
      const image = await stack.query('GET', up.json.Url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const stored = path.join(stack.config.dataDir, up.json.Url.replace(/^\//, ''));
      expect((await readFile(stored)).equals(PNG)).toBe(true);
      const refreshed = await stack.query('GET', '/api/auth/token', { token, headers: { 'X-Min-Position': up.headers.get('x-position')! } });
      expect(decodeJwt(refreshed.json.Token).ProfileImgUrl).toBe(up.json.Url);

      const fake = new FormData();
      fake.append('File', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'evil.png');
      const refused = await stack.command('POST', '/api/profile/avatar', { token, form: fake });
      expect(refused.status).toBe(400);
      expect(refused.json.ApiError.Fields[0].Field).toBe('File');
      expect((await stack.command('POST', '/api/profile/avatar', { token, form: new FormData() })).status).toBe(400);

      const removed = await stack.command('DELETE', '/api/profile/avatar', { token });
      expect(removed.status).toBe(200);
      expect((await stack.query('GET', up.json.Url)).status).toBe(404);
      const profile = await stack.query('GET', '/api/profile', { token, headers: { 'X-Min-Position': removed.headers.get('x-position')! } });
      expect(profile.json.Data.ImgUrl).toBeNull();
    });
  });
});
