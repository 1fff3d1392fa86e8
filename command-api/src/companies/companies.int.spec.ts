import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION, subjects } from '@locus/contracts';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from '../identity/testing/identity-test-stack';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };

describe('companies, company admins and switching over HTTP', () => {
  let stack: IdentityStack;
  let adminToken: string;
  let seeded: Awaited<ReturnType<typeof seedDemo>>;

  const signIn = async (email: string, password = ADMIN.adminPassword) => {
    const res = await stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    return res.json.Token as string;
  };
  const after = (res: { headers: Headers }) => ({ 'X-Min-Position': res.headers.get('x-position') ?? '0' });

  beforeAll(async () => {
    stack = await startIdentityStack();
    seeded = await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
    adminToken = (
      await stack.commandDeps.tokens.issue({
        userId: seeded.administratorId,
        role: 'Administrator',
        companyId: null,
        companyName: null,
        fullName: 'Platform Administrator',
        email: ADMIN.adminEmail,
        viewingAsAdmin: false,
      })
    ).token;
  });
  afterAll(() => stack?.close());

  it('lists companies with their primary contact, searchable, 15 per page', async () => {
    const list = await stack.query('GET', '/api/companies', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.json.TotalRecords).toBe(3);
    expect(list.json.PageSize).toBe(15);
    const harbor = list.json.Data.find((c: { CompanyName: string }) => c.CompanyName === 'Harbor Dental Group');
    expect(harbor.PrimaryContact).toMatchObject({ FullName: 'Olivia Bennett', Email: DEMO_COMPANIES[0]!.admin.email });
    const search = await stack.query('GET', '/api/companies?search=bluebird', { token: adminToken });
    expect(search.json.Data.map((c: { CompanyName: string }) => c.CompanyName)).toEqual(['Bluebird Insurance Agency']);
    const byContact = await stack.query('GET', '/api/companies?search=ortiz', { token: adminToken });
    expect(byContact.json.Data.map((c: { CompanyName: string }) => c.CompanyName)).toEqual(['Summit Home Services']);
    const regexy = await stack.query('GET', '/api/companies?search=.*', { token: adminToken });
    expect(regexy.json.TotalRecords).toBe(0);
  });

  it('creates a company with its default admin, validating per spec', async () => {
    const invalid = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: { CompanyName: '', PrimaryContact: { FirstName: '', Email: '', Password: '', ConfirmPassword: '' } },
    });
    expect(invalid.status).toBe(400);
    const messages = invalid.json.ApiError.Fields.map((f: { Message: string }) => f.Message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Company name is required',
        'First name is required',
        'Email is required',
        'Password is required',
        'Confirm Password field is required',
      ]),
    );
    const notSame = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: { CompanyName: 'X', PrimaryContact: { FirstName: 'A', Email: 'a@x.example', Password: 'password-1', ConfirmPassword: 'password-2' } },
    });
    expect(notSame.json.ApiError.Fields).toEqual([{ Field: 'PrimaryContact.ConfirmPassword', Message: 'Password And Confirm Password are Not same' }]);

    const created = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: {
        CompanyName: 'Lakeside Veterinary',
        PrimaryContact: {
          FirstName: 'Grace',
          LastName: 'Hall',
          Email: 'grace@lakesidevet.example',
          PhoneNumber: '555-0100',
          Password: 'password-1',
          ConfirmPassword: 'password-1',
        },
      },
    });
    expect(created.status).toBe(201);
    const companyId = created.json.Data.Id;
    const admins = await stack.query('GET', `/api/companies/${companyId}/admins`, { token: adminToken, headers: after(created) });
    expect(admins.json.Data).toEqual([expect.objectContaining({ FullName: 'Grace Hall', IsDefaultCompanyContact: true, UserRoleId: 'CompanyAdmin' })]);
    expect(decodeJwt(await signIn('grace@lakesidevet.example', 'password-1'))).toMatchObject({ CompanyName: 'Lakeside Veterinary' });
    const taken = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: {
        CompanyName: 'Dup',
        PrimaryContact: { FirstName: 'G', Email: 'GRACE@lakesidevet.example', Password: 'password-1', ConfirmPassword: 'password-1' },
      },
    });
    expect(taken.status).toBe(409);
  });

  it('updates name and primary contact; manages company admins; never deletes the default admin', async () => {
    const harbor = seeded.companies[0]!;
    const update = await stack.command('POST', `/api/companies/${harbor.companyId}/update`, {
      token: adminToken,
      body: {
        CompanyName: 'Harbor Dental Partners',
        PrimaryContact: { FirstName: 'Olivia', LastName: 'Bennett-Shaw', Email: DEMO_COMPANIES[0]!.admin.email, PhoneNumber: '(617) 555-0142' },
      },
    });
    expect(update.json.ResponseMessage).toBe('Company updated successfully');
    const list = await stack.query('GET', '/api/companies?search=partners', { token: adminToken, headers: after(update) });
    expect(list.json.Data[0]).toMatchObject({ CompanyName: 'Harbor Dental Partners', PrimaryContact: expect.objectContaining({ LastName: 'Bennett-Shaw' }) });

    const added = await stack.command('POST', `/api/companies/${harbor.companyId}/admins`, {
      token: adminToken,
      body: {
        FirstName: 'Ivy',
        LastName: 'Lane',
        Email: 'ivy.lane@harbordental.example',
        PhoneNumber: '',
        Password: 'password-9',
        ConfirmPassword: 'password-9',
      },
    });
    expect(added.status).toBe(201);
    const missingPw = await stack.command('POST', `/api/companies/${harbor.companyId}/admins`, {
      token: adminToken,
      body: { FirstName: 'No', Email: 'no.pw@harbordental.example' },
    });
    expect(missingPw.json.ApiError.Fields[0].Message).toBe('Password or Confirm Password is Not Entered');
    const edited = await stack.command('POST', `/api/companies/${harbor.companyId}/admins/${added.json.Data.Id}/update`, {
      token: adminToken,
      body: { FirstName: 'Ivy', LastName: 'Lane-Moss', Email: 'ivy.lane@harbordental.example', PhoneNumber: '555' },
    });
    expect(edited.status).toBe(200);
    const defaultDelete = await stack.command('DELETE', `/api/companies/${harbor.companyId}/admins/${harbor.defaultAdminId}`, { token: adminToken });
    expect(defaultDelete.status).toBe(422);
    expect(defaultDelete.json.ResponseMessage).toBe('The default company admin cannot be deleted.');
    const otherCompany = await stack.command('DELETE', `/api/companies/${seeded.companies[1]!.companyId}/admins/${added.json.Data.Id}`, { token: adminToken });
    expect(otherCompany.status).toBe(404);
    const deleted = await stack.command('DELETE', `/api/companies/${harbor.companyId}/admins/${added.json.Data.Id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    const admins = await stack.query('GET', `/api/companies/${harbor.companyId}/admins`, { token: adminToken, headers: after(deleted) });
    expect(admins.json.Data.map((a: { LastName: string }) => a.LastName)).toEqual(['Bennett-Shaw', 'Brooks']);
  });

  it('switches into a company as one of its admins, records it, and exits', async () => {
    const summit = seeded.companies[1]!;
    const dropdown = await stack.query('GET', '/api/companies/dropdown', { token: adminToken });
    expect(dropdown.json.Data.find((c: { Id: string }) => c.Id === summit.companyId)).toMatchObject({ DefaultCompanyAdminId: summit.defaultAdminId });
    const switched = await stack.command('POST', `/api/companies/${summit.companyId}/switch`, {
      token: adminToken,
      body: { CompanyAdminId: summit.defaultAdminId },
    });
    expect(switched.status).toBe(200);
    const claims = decodeJwt(switched.json.Token);
    expect(claims).toMatchObject({
      RoleId: 'CompanyAdmin',
      CompanyId: summit.companyId,
      CompanyName: 'Summit Home Services',
      ViewingAsAdmin: true,
      AdminUserId: seeded.administratorId,
      UserId: summit.defaultAdminId,
    });

    // Acting inside the company is recorded as the administrator's doing.
    const created = await stack.command('POST', '/api/users', {
      token: switched.json.Token,
      body: { FirstName: 'Viewer', Email: 'made.by.admin@summithome.example', PhoneNumber: '555-0101' },
    });
    expect(created.status).toBe(201);
    const events = await stack.eventStore.readStream(`user-${created.json.Data.Id}`);
    expect(events[0]!.metadata.actor).toEqual({
      userId: summit.defaultAdminId,
      role: 'CompanyAdmin',
      viewingAsAdmin: true,
      adminUserId: seeded.administratorId,
    });
    const adminStream = await stack.eventStore.readStream(`user-${seeded.administratorId}`);
    expect(adminStream.map((e) => e.type)).toContain('AdministratorSwitchedIntoCompany');

    const exit = await stack.command('POST', '/api/companies/exit-view', { token: switched.json.Token });
    expect(exit.status).toBe(200);
    expect(decodeJwt(exit.json.Token)).toMatchObject({ RoleId: 'Administrator', CompanyId: null, ViewingAsAdmin: false, UserId: seeded.administratorId });
    const plainAdmin = await signIn(DEMO_COMPANIES[1]!.admin.email);
    expect((await stack.command('POST', '/api/companies/exit-view', { token: plainAdmin })).status).toBe(403);
    // A company user of another company is not a valid switch target.
    const wrongTarget = await stack.command('POST', `/api/companies/${summit.companyId}/switch`, {
      token: adminToken,
      body: { CompanyAdminId: seeded.companies[0]!.defaultAdminId },
    });
    expect(wrongTarget.status).toBe(404);
  });

  it('deactivates a company: its sessions stop and sign-in is refused until reactivated', async () => {
    const bluebird = seeded.companies[2]!;
    const token = await signIn(DEMO_COMPANIES[2]!.admin.email);
    expect((await stack.query('GET', '/api/users', { token })).status).toBe(200);
    const off = await stack.command('POST', `/api/companies/${bluebird.companyId}/deactivate`, { token: adminToken });
    expect(off.status).toBe(200);
    await stack.waitForProjections();
    const revoked = await stack.query('GET', '/api/users', { token });
    expect(revoked.status).toBe(401);
    expect(revoked.json.ApiError.ErrorCode).toBe('AUTH.SESSION_REVOKED');
    const login = await stack.command('POST', '/api/auth/login', { body: { UserName: DEMO_COMPANIES[2]!.admin.email, Password: ADMIN.adminPassword } });
    expect(login.status).toBe(403);
    const dropdown = await stack.query('GET', '/api/companies/dropdown', { token: adminToken, headers: after(off) });
    expect(dropdown.json.Data.map((c: { Id: string }) => c.Id)).not.toContain(bluebird.companyId);
    const on = await stack.command('POST', `/api/companies/${bluebird.companyId}/activate`, { token: adminToken });
    await stack.waitForProjections();
    expect(on.status).toBe(200);
    expect((await stack.query('GET', '/api/users', { token })).status).toBe(200);
  });

  it('deletes a company: sessions end at once, its users are deleted and notified, their emails freed', async () => {
    const created = await stack.command('POST', '/api/companies', {
      token: adminToken,
      body: {
        CompanyName: 'Doomed Co',
        PrimaryContact: { FirstName: 'Dee', Email: 'dee@doomed.example', Password: 'password-1', ConfirmPassword: 'password-1' },
      },
    });
    const companyId = created.json.Data.Id;
    const adminSession = await signIn('dee@doomed.example', 'password-1');
    const userRes = await stack.command('POST', '/api/users', {
      token: adminSession,
      body: { FirstName: 'Ned', Email: 'ned@doomed.example', PhoneNumber: '555', Password: 'password-2', ConfirmPassword: 'password-2' },
    });
    const nedId = userRes.json.Data.Id;
    const nedSession = await signIn('ned@doomed.example', 'password-2');
    await stack.waitForProjections();

    const notified: string[] = [];
    const sub = stack.bus.subscribe(subjects.userNotification('*', LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION), (m) => notified.push(m.subject));
    const deleted = await stack.command('DELETE', `/api/companies/${companyId}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    await stack.waitForProjections();
    expect((await stack.query('GET', '/api/profile', { token: nedSession })).status).toBe(401);
    expect((await stack.command('POST', '/api/profile', { token: adminSession, body: { FirstName: 'x', Email: 'dee@doomed.example' } })).status).toBe(401);

    await expect.poll(() => notified.length, { timeout: 5000 }).toBe(2);
    sub.unsubscribe();
    expect(notified).toContain(subjects.userNotification(nedId, LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION));
    const nedStream = await stack.eventStore.readStream(`user-${nedId}`);
    expect(nedStream.at(-1)).toMatchObject({ type: 'UserDeleted', data: { reason: 'company-deleted' } });
    const list = await stack.query('GET', '/api/companies?search=doomed', { token: adminToken });
    expect(list.json.TotalRecords).toBe(0);
    // The emails can be used again.
    const reuse = await stack.command('POST', '/api/auth/signup', { body: { FirstName: 'Ned', Email: 'ned@doomed.example', Password: 'password-3' } });
    expect(reuse.status).toBe(201);
  });
});
