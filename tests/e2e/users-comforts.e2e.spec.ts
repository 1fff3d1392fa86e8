import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeToasts, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * In a real browser: what a new administrator, company admin and company user tripped
 * on (company name, encrypted values, sign-up, toasts, texts, staff, invitations, OTP, imports).
 * One stack for the file; each test makes its own company so none depends on another.
 */
const UI_WAIT = 15_000;

const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('users, companies and settings comforts in the browser', () => {
  let e2e: E2EStack;
  let adminToken: string;
  let companyCount = 0;

  /** The administrator's token through the API (login, then the mailed code). */
  const administratorToken = async () => {
    const mailsBefore = (await e2e.mails(ADMIN_EMAIL)).length;
    const login = await fetch(`${e2e.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ UserName: ADMIN_EMAIL, Password: ADMIN_PASSWORD }),
    });
    const { OtpChallengeId } = (await login.json()) as { OtpChallengeId: string };
    let mails = await e2e.mails(ADMIN_EMAIL);
    for (let i = 0; i < 100 && mails.length <= mailsBefore; i++) mails = await new Promise((r) => setTimeout(r, 100)).then(() => e2e.mails(ADMIN_EMAIL));
    const code = /\b(\d{6})\b/.exec(mails[0]!.text)![1];
    const verified = await fetch(`${e2e.url}/api/auth/verify-otp/${code}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ OtpChallengeId }),
    });
    return ((await verified.json()) as { Token: string }).Token;
  };

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { Data?: any; Token?: string };
  };

  /** A company with its default admin, made by the administrator over the API. */
  const newCompany = async (name: string) => {
    companyCount += 1;
    const contact = {
      FirstName: 'Casey',
      LastName: `Admin${companyCount}`,
      Email: `casey${companyCount}@company${companyCount}.test`,
      Password: 'Casey-Passw0rd!',
    };
    const created = await api('POST', '/api/companies', adminToken, { CompanyName: name, PrimaryContact: { ...contact, ConfirmPassword: contact.Password } });
    return { companyId: created.Data.Id as string, contact };
  };

  /** A session of the user opened on the dashboard: signed in over the API (the login page is identity.e2e's subject). */
  const signIn = async (email: string, password: string) => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.addInitScript((token) => localStorage.setItem('locus.token', token), await signInToken(e2e, email, password));
    await page.goto(`${e2e.url}/dashboard`);
    await sidebar(page).waitFor();
    return page;
  };

  const signInAdministrator = async () => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.addInitScript((token) => localStorage.setItem('locus.token', token), await administratorToken());
    await page.goto(`${e2e.url}/companies`);
    await page.getByText('Select a company to start managing it').waitFor();
    return page;
  };

  beforeAll(async () => {
    e2e = await startE2EStack();
    adminToken = await administratorToken();
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('a rename shows at once in the top bar of every session of the company, without signing in again', async () => {
    const { contact } = await newCompany('Harbor Bakery');
    const memberEmail = `uma${companyCount}@harbor-bakery.test`; // unique, so a retry of this test starts clean
    const companyAdmin = await signIn(contact.Email, contact.Password);
    await api('POST', '/api/users', (await companyAdmin.evaluate(() => localStorage.getItem('locus.token')))!, {
      FirstName: 'Uma',
      LastName: 'User',
      Email: memberEmail,
      PhoneNumber: '555-0110',
      Password: 'Uma-Passw0rd!',
      ConfirmPassword: 'Uma-Passw0rd!',
    });
    const member = await signIn(memberEmail, 'Uma-Passw0rd!');
    await member.getByText("You're logged in as Harbor Bakery").waitFor();

    await sidebar(companyAdmin).getByRole('link', { name: 'Settings' }).click();
    await companyAdmin.getByLabel('Company Name').fill('Harbor Bakery & Cafe');
    await companyAdmin.getByRole('button', { name: 'Save' }).first().click();
    await toast(companyAdmin, 'Your company name has been updated successfully').waitFor();
    await companyAdmin.getByText("You're logged in as Harbor Bakery & Cafe").waitFor();
    // the other session hears it on the live channel; no reload, no new sign-in
    await member.getByText("You're logged in as Harbor Bakery & Cafe").waitFor();
    await member.context().close();
    await companyAdmin.context().close();
  });

  it('an encrypted value never reaches the browser; Set Value starts empty, blank keeps it, typed text replaces it', async () => {
    const { contact } = await newCompany('Cipher Clinics');
    const page = await signIn(contact.Email, contact.Password);
    const secret = 'sk-live-cipher-81Hq';
    const bodies: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/'))
        void res.text().then(
          (text) => bodies.push(text),
          () => undefined,
        );
    });
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Manage Company Settings' }).click();
    const create = page.getByRole('dialog', { name: 'Manage Company Settings' });
    await create.getByLabel('Key').fill('PartnerApiKey');
    await create.getByText('Encrypt value').click();
    await create.getByLabel('Value', { exact: true }).fill(secret);
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your changes have been saved successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: 'PartnerApiKey' });
    await row.getByText('********').waitFor();
    await row.getByRole('button', { name: 'Set Value' }).click();
    const setValue = page.getByRole('dialog', { name: 'Set Variable Value' });
    const field = setValue.getByLabel('PartnerApiKey');
    await setValue.getByText('Leave blank to keep the current value').waitFor();
    expect(await field.inputValue()).toBe('');
    // the creation's toast may or may not still be up: close it, so the next one is this save's
    await closeToasts(page);
    await setValue.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Your changes have been saved successfully').waitFor();

    await row.getByRole('button', { name: 'Set Value' }).click();
    expect(await field.inputValue()).toBe('');
    await field.fill(`${secret}-rotated`);
    await setValue.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await setValue.waitFor({ state: 'hidden' });
    await row.getByText('********').waitFor();
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'PartnerApiKey' }).getByText('********').waitFor();
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body).not.toContain(secret);
    await page.context().close();
  });

  it('sign-up asks for the company name, and the new admin is in a named company', async () => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Register' });
    await register.getByRole('button', { name: 'Create account' }).click();
    await register.getByText('Company name is required').waitFor();
    await register.getByLabel('First name').fill('Rita');
    await register.getByLabel('Last name').fill('Register');
    await register.getByLabel('Company name').fill('Rita Florists');
    await register.getByLabel('Email').fill('rita@florists.test');
    await register.getByLabel('Password').fill('Rita-Passw0rd!');
    await register.getByRole('button', { name: 'Create account' }).click();
    await page.getByText("You're logged in as Rita Florists").waitFor();
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Rita Florists');
    await page.context().close();

    const companies = await api('GET', '/api/companies/dropdown', adminToken);
    expect((companies.Data as { CompanyName: string | null }[]).map((c) => c.CompanyName)).toContain('Rita Florists');
  });

  it("item 7: every user command's success message reaches a toast (create, update, deactivate)", async () => {
    const { contact } = await newCompany('Toast Bakers');
    const page = await signIn(contact.Email, contact.Password);
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'New User' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByLabel('First Name').fill('Tom');
    await create.getByLabel('Last Name').fill('Toast');
    await create.getByLabel('Email').fill('tom@toast-bakers.test');
    await create.getByLabel('Phone Number').fill('555-0120');
    await create.getByLabel(/^Password/).fill('Tom-Passw0rd!');
    await create.getByLabel('Confirm Password').fill('Tom-Passw0rd!');
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: 'tom@toast-bakers.test' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await update.getByLabel('Last Name').fill('Toaster');
    await update.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User updated successfully').waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await update.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The selected user has been deactivated successfully').waitFor();
    await page.context().close();
  });

  it('items 7 and 8: Add Variable is titled so, a boolean value reads Yes/No, and its creation toasts', async () => {
    const page = await signInAdministrator();
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add Variable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Variable' });
    await dialog.waitFor();
    await dialog.getByLabel('Variable Name').fill('ShowHolidayBanner');
    await dialog.getByLabel('Title').fill('Holiday banner');
    await dialog.getByText('Boolean variable').click();
    await dialog.getByText('No', { exact: true }).waitFor();
    expect(await dialog.getByText('Value', { exact: true }).count()).toBe(1);
    await dialog.getByText('No', { exact: true }).click();
    await dialog.getByText('Yes', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your changes have been saved successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'ShowHolidayBanner' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Variable' }).getByText('Yes', { exact: true }).waitFor();
    await page.context().close();
  });

  it('a sortable header sorts when clicked anywhere in its cell, not only on the label', async () => {
    const { contact } = await newCompany('Sorted Salons');
    const page = await signIn(contact.Email, contact.Password);
    await page.goto(`${e2e.url}/locations`);
    const header = page
      .getByRole('columnheader')
      .filter({ has: page.locator('.locus-sort-header') })
      .first();
    await header.waitFor();
    const sortButton = header.locator('.locus-sort-header');
    // The sort state is the header cell's (aria-sort belongs on the columnheader, not its button).
    const before = await header.getAttribute('aria-sort');
    const cell = (await header.boundingBox())!;
    const label = (await sortButton.boundingBox())!;
    // a point inside the cell, right of the label
    expect(cell.x + cell.width - 3).toBeGreaterThan(label.x + label.width);
    await page.mouse.click(cell.x + cell.width - 3, cell.y + cell.height / 2);
    await expect.poll(() => header.getAttribute('aria-sort')).not.toBe(before);
    await page.context().close();
  });

  it('a company user finds Staff in the sidebar', async () => {
    const { contact } = await newCompany('Staffed Stores');
    const adminPage = await signIn(contact.Email, contact.Password);
    await api('POST', '/api/users', (await adminPage.evaluate(() => localStorage.getItem('locus.token')))!, {
      FirstName: 'Sam',
      LastName: 'Staff',
      Email: 'sam@staffed-stores.test',
      PhoneNumber: '555-0130',
      Password: 'Sam-Passw0rd!',
      ConfirmPassword: 'Sam-Passw0rd!',
    });
    await adminPage.context().close();
    const page = await signIn('sam@staffed-stores.test', 'Sam-Passw0rd!');
    await sidebar(page).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL(/\/staff$/);
    await page.getByRole('heading', { name: 'Staff' }).waitFor();
    await page.context().close();
  });

  it('/azure-accounts asks for the Azure credentials before any directory call (no 4xx, no console error)', async () => {
    const { contact } = await newCompany('Azure Free Goods');
    const page = await signIn(contact.Email, contact.Password);
    const failures: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failures.push(`${res.status()} ${res.url()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') failures.push(msg.text());
    });
    await page.goto(`${e2e.url}/azure-accounts`);
    await page.getByText('To import users from your Azure directory, enter the credentials of your Azure app registration.').waitFor();
    await page.getByRole('button', { name: 'Enter Azure Credentials' }).click();
    await page.getByRole('dialog', { name: 'Important Notice!' }).getByLabel('Azure Client Id').waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('import progress comes from the live channel (the process is read once), and 100 % says the account is connected', async () => {
    const { contact } = await newCompany('Bloom Imports');
    const page = await signIn(contact.Email, contact.Password);
    const processReads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'GET' && /\/api\/gmb\/connect-accounts\/[^/?]+/.test(req.url())) processReads.push(req.url());
    });
    await sidebar(page).getByRole('link', { name: 'Connections' }).click();
    await page.getByRole('button', { name: 'Connect Account' }).click();
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    await page.getByRole('button', { name: 'Continue as Priya' }).click();
    await page.waitForURL(/\/account-connected\/[^/]+\/false$/);
    const select = page.getByRole('dialog', { name: 'Select Account(s)' });
    await select.getByText('Bloom & Co. Salon', { exact: true }).click();
    await select.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('dialog', { name: 'Importing your locations' }).waitFor();
    await toast(page, 'Your account has been connected successfully').waitFor({ timeout: 60_000 });
    await page.waitForURL(/\/connected-accounts$/);
    // before: one read per change of the process document (13-17 a second)
    expect(processReads.length).toBeLessThanOrEqual(2);
    await page.context().close();
  }, 90_000);

  it("item 13: the OTP dialog shows the code's remaining validity and a paced Resend link", async () => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.clock.install();
    await page.goto(`${e2e.url}/login`);
    const mailsBefore = (await e2e.mails(ADMIN_EMAIL)).length;
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const otp = page.getByRole('dialog', { name: 'OTP Verification' });
    await otp.getByText(/^The code is valid for (10:00|9:5\d)$/).waitFor();
    const resend = otp.getByRole('button', { name: /^Resend code/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(/Resend code in (30|29|28)s/);

    // a minute later (browser time): the countdown moved and the link is open
    await page.clock.fastForward('01:00');
    await otp.getByText(/^The code is valid for (9:00|8:5\d)$/).waitFor();
    await otp.getByRole('button', { name: 'Resend code', exact: true }).waitFor();
    // the server paces by its own clock: asked too soon, it says so
    await otp.getByRole('button', { name: 'Resend code', exact: true }).click();
    await otp.getByRole('alert').filter({ hasText: 'Please wait a moment before asking for another code.' }).waitFor();

    let mails = await e2e.mails(ADMIN_EMAIL);
    for (let i = 0; i < 100 && mails.length <= mailsBefore; i++) mails = await new Promise((r) => setTimeout(r, 100)).then(() => e2e.mails(ADMIN_EMAIL));
    await otp.getByLabel('OTP code').fill(/\b(\d{6})\b/.exec(mails[0]!.text)![1]!);
    await otp.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/companies$/);
    await page.context().close();
  });

  it('a user created by an admin is invited by mail to set a password once; the list resends the invitation', async () => {
    const { contact } = await newCompany('Invite Outfitters');
    const page = await signIn(contact.Email, contact.Password);
    const email = 'nia@invite-outfitters.test';
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'New User' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByLabel('First Name').fill('Nia');
    await create.getByLabel('Last Name').fill('Newhire');
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Phone Number').fill('555-0140');
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created successfully').waitFor();
    const invitation = (await e2e.mails(email, 10_000))[0]!;
    expect(invitation.subject).toBe('You are invited to Invite Outfitters on Locus');

    await page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Resend Invitation' }).click();
    await toast(page, 'The invitation has been sent successfully').waitFor();
    let mails = await e2e.mails(email);
    for (let i = 0; i < 100 && mails.length < 2; i++) mails = await new Promise((r) => setTimeout(r, 100)).then(() => e2e.mails(email));
    const linkOf = (text: string) => /https?:\/\/\S+/.exec(text)![0];
    expect(linkOf(mails[0]!.text)).not.toBe(linkOf(invitation.text));

    const invitee = await e2e.newPage();
    invitee.setDefaultTimeout(UI_WAIT);
    await invitee.goto(linkOf(mails[0]!.text));
    await invitee.getByText('Set your password').waitFor();
    await invitee.getByLabel('New Password').fill('Nia-Passw0rd!');
    await invitee.getByLabel('Confirm Password').fill('Nia-Passw0rd!');
    await invitee.getByRole('button', { name: 'Reset Password' }).click();
    await invitee.waitForURL(/\/login$/);
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill('Nia-Passw0rd!');
    await invitee.getByRole('button', { name: 'Login', exact: true }).click();
    await invitee.waitForURL(/\/dashboard$/);
    await invitee.context().close();
    // the replaced first link no longer works
    const stale = await e2e.newPage();
    stale.setDefaultTimeout(UI_WAIT);
    await stale.goto(linkOf(invitation.text));
    await stale.getByLabel('New Password').fill('Other-Passw0rd!');
    await stale.getByLabel('Confirm Password').fill('Other-Passw0rd!');
    await stale.getByRole('button', { name: 'Reset Password' }).click();
    await stale.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' }).waitFor();
    await stale.context().close();
    await page.context().close();
  });

  it('a company admin lists the Google Workspace directory (read-only consent) and adds a directory user, who is invited', async () => {
    const { contact } = await newCompany('Summit Home Services');
    const page = await signIn(contact.Email, contact.Password);
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add Google Workspace Users' }).click();
    // Google's consent, with the read-only directory scope
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl) && url.searchParams.get('scope')?.includes('admin.directory.user.readonly') === true);
    await page.getByRole('button', { name: 'Continue as Jordan' }).click();
    await toast(page, 'Your Google Workspace account has been connected successfully').waitFor();
    const directory = page.getByRole('dialog', { name: 'Google Workspace Users' });
    const row = directory
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Add to Agency' }) })
      .first();
    await row.waitFor();
    const email = (await row.getByRole('cell').nth(1).textContent())!.trim();
    expect(email).toMatch(/@summithomeservices\.com$/);
    await row.getByRole('button', { name: 'Add to Agency' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'has been added to your agency successfully').waitFor();
    await directory.getByRole('row').filter({ hasText: email }).getByText('In Locus').waitFor();
    await directory.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('row').filter({ hasText: email }).waitFor();
    expect((await e2e.mails(email, 10_000))[0]!.subject).toBe('You are invited to Summit Home Services on Locus');
    await page.context().close();
  });
});
