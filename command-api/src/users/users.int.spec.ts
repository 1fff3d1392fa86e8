import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION, subjects } from '@locus/contracts';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from '../identity/testing/identity-test-stack';
import { createCompanyUser } from './user-accounts';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };

describe('users of a company over HTTP', () => {
  let stack: IdentityStack;
  let seeded: Awaited<ReturnType<typeof seedDemo>>;
  let adminToken: string;
  let otherAdminToken: string;

  const signIn = async (email: string, password = ADMIN.adminPassword) => {
    const res = await stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    return res.json.Token as string;
  };
  const after = (res: { headers: Headers }) => ({ 'X-Min-Position': res.headers.get('x-position') ?? '0' });
  const names = (res: { json: { Data: { FullName: string }[] } }) => res.json.Data.map((u) => u.FullName);

  beforeAll(async () => {
    stack = await startIdentityStack();
    seeded = await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
    adminToken = await signIn(DEMO_COMPANIES[1]!.admin.email);
    otherAdminToken = await signIn(DEMO_COMPANIES[0]!.admin.email);
  });
  afterAll(() => stack?.close());

  it('lists the company users with role, excluding the signed-in user', async () => {
    const list = await stack.query('GET', '/api/users', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.json.TotalRecords).toBe(3);
    expect(names(list).sort()).toEqual(['Aisha Khan', 'Emily Carter', 'Jason Nguyen']);
    expect(list.json.Data[0]).toMatchObject({ UserRoleId: 'CompanyUser', RoleName: 'Company User', LoginAllowed: true });
  });

  it('searches name, email, phone, role and created date', async () => {
    const q = (search: string) => stack.query('GET', `/api/users?search=${encodeURIComponent(search)}`, { token: otherAdminToken });
    expect(names(await q('priya'))).toEqual(['Priya Shah']);
    expect(names(await q('MARCUS.REED@'))).toEqual(['Marcus Reed']);
    expect(names(await q('555-0127'))).toEqual(['Priya Shah']);
    expect(names(await q('company admin'))).toEqual(['Samuel Brooks']);
    const today = new Date();
    const mmddyyyy = `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`;
    expect((await q(mmddyyyy)).json.TotalRecords).toBe(3);
    const page = await stack.query('GET', '/api/users?page=2&pageSize=2', { token: otherAdminToken });
    expect(page.json).toMatchObject({ Page: 2, PageSize: 2, TotalRecords: 3 });
    expect(page.json.Data).toHaveLength(1);
    expect((await stack.query('GET', '/api/users?page=0', { token: otherAdminToken })).status).toBe(400);
  });

  it('creates users and company admins with the spec validation', async () => {
    const invalid = await stack.command('POST', '/api/users', { token: adminToken, body: { FirstName: '', Email: 'bad', PhoneNumber: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.ApiError.Fields.map((f: { Field: string }) => f.Field).sort()).toEqual(['Email', 'FirstName', 'PhoneNumber']);
    const user = await stack.command('POST', '/api/users', {
      token: adminToken,
      body: { FirstName: 'Owen', LastName: 'Price', Email: 'owen.price@summithome.example', PhoneNumber: '(303) 555-0170' },
    });
    expect(user.status).toBe(201);
    const adminNoPw = await stack.command('POST', '/api/users/company-admin', {
      token: adminToken,
      body: { FirstName: 'Zed', Email: 'zed@summithome.example' },
    });
    expect(adminNoPw.status).toBe(400);
    const admin = await stack.command('POST', '/api/users/company-admin', {
      token: adminToken,
      body: { FirstName: 'Zoe', LastName: 'Park', Email: 'zoe.park@summithome.example', Password: 'password-7', ConfirmPassword: 'password-7' },
    });
    expect(admin.status).toBe(201);
    const list = await stack.query('GET', '/api/users?search=park', { token: adminToken, headers: after(admin) });
    expect(list.json.Data).toEqual([expect.objectContaining({ FullName: 'Zoe Park', UserRoleId: 'CompanyAdmin', RoleName: 'Company Admin' })]);
    expect(
      (await stack.command('POST', '/api/users', { token: adminToken, body: { FirstName: 'Dup', Email: 'ZOE.PARK@summithome.example', PhoneNumber: '1' } }))
        .status,
    ).toBe(409);
    // Without a password the user cannot sign in until they reset it.
    const noPw = await stack.command('POST', '/api/auth/login', { body: { UserName: 'owen.price@summithome.example', Password: 'anything-at-all' } });
    expect(noPw.status).toBe(401);
  });

  it('invites a created user by mail to set their password; a resend replaces the link; each link works once', async () => {
    const email = 'ivy.invite@summithome.example';
    const linkIn = async (afterCount: number) => {
      const mail = await stack.mailer.waitFor((m) => m.to === email && stack.mailer.sent.indexOf(m) >= afterCount);
      expect(mail.subject).toMatch(/^You are invited to .+ on Locus$/);
      return new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    };
    const setPassword = (link: URL, password: string) =>
      stack.command('POST', '/api/auth/reset-password', {
        body: { Email: link.searchParams.get('email'), Token: link.searchParams.get('token'), NewPassword: password, ConfirmPassword: password },
      });

    const before = stack.mailer.sent.length;
    const created = await stack.command('POST', '/api/users', {
      token: adminToken,
      body: { FirstName: 'Ivy', LastName: 'Invite', Email: email, PhoneNumber: '(303) 555-0190' },
    });
    expect(created.status).toBe(201);
    const first = await linkIn(before);
    expect(first.pathname).toBe('/forget-password');
    expect(first.searchParams.get('invitation')).toBe('1');
    // this stack sets LOCUS_PUBLIC_URL: the link uses it, not the address the admin's request came to
    expect(stack.config.publicUrlFixed).toBe(true);
    expect(first.origin).toBe(new URL(stack.config.publicUrl).origin);
    expect(first.origin).not.toBe(new URL(stack.commandUrl).origin);

    // resend from the users list: a new link; the first one stops working
    const beforeResend = stack.mailer.sent.length;
    const resent = await stack.command('POST', `/api/users/${created.json.Data.Id}/invite`, { token: adminToken });
    expect(resent.status).toBe(200);
    expect(resent.json.ResponseMessage).toBe('The invitation has been sent successfully');
    const second = await linkIn(beforeResend);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await setPassword(first, 'Ivy-Passw0rd!')).status).toBe(422);

    expect((await setPassword(second, 'Ivy-Passw0rd!')).status).toBe(200);
    expect((await stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: 'Ivy-Passw0rd!' } })).status).toBe(200);
    // single use
    expect((await setPassword(second, 'Other-Passw0rd!')).status).toBe(422);
    // another company's admin cannot invite this user
    expect((await stack.command('POST', `/api/users/${created.json.Data.Id}/invite`, { token: otherAdminToken })).status).toBe(404);

    // a reset request uses the configured URL too
    const beforeReset = stack.mailer.sent.length;
    expect((await stack.command('POST', '/api/auth/forgot-password', { body: { Email: email } })).status).toBe(200);
    const reset = await stack.mailer.waitFor((m) => m.to === email && stack.mailer.sent.indexOf(m) >= beforeReset);
    expect(reset.subject).toBe('Reset your Locus password');
    expect(new URL(/https?:\/\/\S+/.exec(reset.text)![0]).origin).toBe(new URL(stack.config.publicUrl).origin);
  });

  it("Resend Invitation says the mail failed, with the server's reason, when the mail server refuses it", async () => {
    const email = 'rita.refused@summithome.example';
    const created = await stack.command('POST', '/api/users', {
      token: adminToken,
      body: { FirstName: 'Rita', LastName: 'Refused', Email: email, PhoneNumber: '(303) 555-0191' },
    });
    expect(created.status).toBe(201);
    await stack.mailer.waitFor((m) => m.to === email);
    const send = stack.mailer.send;
    const sentBefore = stack.mailer.sent.length;
    stack.mailer.send = async () => {
      throw new Error('550 mailbox unavailable');
    };
    try {
      const resent = await stack.command('POST', `/api/users/${created.json.Data.Id}/invite`, { token: adminToken });
      expect(resent.status).toBe(503);
      expect(resent.json.ApiError.ErrorCode).toBe('USER.INVITATION_MAIL_FAILED');
      expect(resent.json.ApiError.ErrorMessage).toContain('550 mailbox unavailable');
      expect(resent.json.ApiError.ErrorMessage).not.toContain('successfully');
    } finally {
      stack.mailer.send = send;
    }
    // the reactor's retry then reaches the mail server: the same link is mailed, and recorded as sent
    await stack.mailer.waitFor((m) => m.to === email && stack.mailer.sent.indexOf(m) >= sentBefore, 30_000);
  }, 60_000);

  it('edits, deactivates, reactivates and deletes, with immediate logout', async () => {
    const created = await stack.command('POST', '/api/users', {
      token: adminToken,
      body: {
        FirstName: 'Kai',
        LastName: 'Wong',
        Email: 'kai.wong@summithome.example',
        PhoneNumber: '555-0111',
        Password: 'password-5',
        ConfirmPassword: 'password-5',
      },
    });
    const kaiId = created.json.Data.Id;
    const edit = await stack.command('POST', `/api/users/${kaiId}/update`, {
      token: adminToken,
      body: { FirstName: 'Kai', LastName: 'Wong-Li', Email: 'kai.wong@summithome.example', PhoneNumber: '555-0112' },
    });
    expect(edit.status).toBe(200);
    const listed = await stack.query('GET', '/api/users?search=wong-li', { token: adminToken, headers: after(edit) });
    expect(listed.json.Data[0]).toMatchObject({ Id: kaiId, PhoneNumber: '555-0112' });

    const kai = await signIn('kai.wong@summithome.example', 'password-5');
    const off = await stack.command('POST', `/api/users/${kaiId}/deactivate`, { token: adminToken });
    expect(off.status).toBe(200);
    await stack.waitForProjections();
    expect((await stack.query('GET', '/api/profile', { token: kai })).status).toBe(401);
    expect((await stack.command('POST', '/api/auth/login', { body: { UserName: 'kai.wong@summithome.example', Password: 'password-5' } })).status).toBe(403);
    const on = await stack.command('POST', `/api/users/${kaiId}/activate`, { token: adminToken });
    expect(on.status).toBe(200);
    await stack.waitForProjections();
    expect((await stack.query('GET', '/api/profile', { token: kai })).status).toBe(200);

    const notified: string[] = [];
    const sub = stack.bus.subscribe(subjects.userNotification(kaiId, LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION), (m) => notified.push(m.subject));
    const del = await stack.command('DELETE', `/api/users/${kaiId}`, { token: adminToken });
    expect(del.status).toBe(200);
    await stack.waitForProjections();
    expect((await stack.query('GET', '/api/profile', { token: kai })).status).toBe(401);
    await expect.poll(() => notified.length, { timeout: 5000 }).toBe(1);
    sub.unsubscribe();
    expect((await stack.command('DELETE', `/api/users/${kaiId}`, { token: adminToken })).status).toBe(404);
  });

  it('keeps to the own company (404 for others), never deletes self or the default admin', async () => {
    const foreignUser = seeded.companies[0]!.userIds[1]!;
    for (const [method, path] of [
      ['POST', `/api/users/${foreignUser}/update`],
      ['POST', `/api/users/${foreignUser}/deactivate`],
      ['DELETE', `/api/users/${foreignUser}`],
    ] as const) {
      const res = await stack.command(method, path, {
        token: adminToken,
        body: method === 'POST' ? { FirstName: 'X', Email: 'x@x.example', PhoneNumber: '1' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const selfId = seeded.companies[1]!.defaultAdminId;
    expect((await stack.command('DELETE', `/api/users/${selfId}`, { token: adminToken })).status).toBe(422);
    const secondAdmin = await signIn('zoe.park@summithome.example', 'password-7');
    const def = await stack.command('DELETE', `/api/users/${selfId}`, { token: secondAdmin });
    expect(def.status).toBe(422);
    expect(def.json.ResponseMessage).toBe('The default company admin cannot be deleted.');
    // Company users may not manage users.
    const userToken = await signIn(DEMO_COMPANIES[1]!.users[0]!.email);
    expect((await stack.query('GET', '/api/users', { token: userToken })).status).toBe(403);
    expect((await stack.query('GET', '/api/users/picker', { token: userToken })).status).toBe(200);
  });

  it('exports createCompanyUser for the Azure import', async () => {
    const { userId } = await createCompanyUser(
      stack.commandDeps,
      {
        companyId: seeded.companies[2]!.companyId,
        FirstName: 'Ava',
        LastName: 'Azure',
        Email: 'ava@bluebirdins.example',
        PhoneNumber: '',
        role: 'CompanyUser',
        source: 'azure-import',
      },
      {
        companyId: seeded.companies[2]!.companyId,
        actor: { userId: 'x', role: 'CompanyAdmin' },
        correlationId: 'c',
        causationId: null,
        occurredAt: new Date().toISOString(),
      },
    );
    const events = await stack.eventStore.readStream(`user-${userId}`);
    expect(events[0]).toMatchObject({ type: 'UserCreated', data: { source: 'azure-import', companyId: seeded.companies[2]!.companyId, passwordHash: null } });
    await expect(
      createCompanyUser(stack.commandDeps, { companyId: 'no-such-company', FirstName: 'A', Email: 'a@b.example', role: 'CompanyUser' }, events[0]!.metadata),
    ).rejects.toMatchObject({ code: 'COMPANY.NOT_FOUND' });
  });
});
