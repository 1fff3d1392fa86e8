import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeToasts, screenshotsDir, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Sign-in and company set-up in a real browser: the administrator signs in with the emailed OTP, creates
 * a company, switches into it, creates a user; that user signs in elsewhere and is logged out
 * live when the administrator deletes them. Screenshots of the screens go to a temp folder (LOCUS_SCREENSHOTS_DIR to refresh docs/screenshots).
 */

const SCREENSHOT_DIR = screenshotsDir('identity');
const UI_WAIT = 15_000;

const COMPANY = 'Acme Dental Group';
const CONTACT = { first: 'Clara', last: 'Contact', email: 'clara.contact@acme.test', phone: '555-0101', password: 'Clara-Passw0rd!' };
const USER = { first: 'Jane', last: 'Doe', email: 'jane.doe@acme.test', phone: '555-0199', password: 'Jane-Passw0rd!' };

/** Saves <name>.png in the screenshots folder; earlier steps' toasts are closed first unless kept. */
const shoot = async (page: Page, name: string, options: { keepToasts?: boolean } = {}) => {
  if (!options.keepToasts) {
    await closeToasts(page);
  }
  // let transitions (dialogs, toasts) settle so the picture shows the final state
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
};

/** A 1×1 PNG for the avatar upload. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

const readToken = (page: Page) => page.evaluate(() => localStorage.getItem('locus.token'));

/**
 * Listens on /api/live with a token, like the web app does, and resolves with the first
 * notification named `name`. `opened` resolves once the server has subscribed the stream.
 */
const listenForNotification = (baseUrl: string, token: string, name: string) => {
  const controller = new AbortController();
  let markOpen: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  const received = (async () => {
    const res = await fetch(`${baseUrl}/api/live`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`live stream answered ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      if (buffer.includes(': connected')) markOpen();
      for (const block of buffer.split('\n\n').slice(0, -1)) {
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (!data) continue;
        const message = JSON.parse(data) as { kind?: string; name?: string; payload?: unknown };
        if (message.kind === 'notification' && message.name === name) return message.payload;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
    throw new Error('live stream ended without the notification');
  })();
  return { opened, received, close: () => controller.abort() };
};

describe('identity, companies and users in the browser', () => {
  let e2e: E2EStack;

  // a stack per try: a retried try starts again from no companies
  beforeEach(async () => {
    e2e = await startE2EStack();
  }, 180_000);

  afterEach(async () => {
    await e2e?.close();
  }, 60_000);

  it('administrator with OTP → company → switch → user → user signs in → deleted user is logged out live', async () => {
    // ---------- Login page and the administrator's OTP ----------
    const admin = await e2e.newPage();
    admin.setDefaultTimeout(UI_WAIT);
    await admin.goto(`${e2e.url}/login`);
    const loginButton = admin.getByRole('button', { name: 'Login', exact: true });
    await loginButton.waitFor({ timeout: UI_WAIT });
    expect(await loginButton.isDisabled()).toBe(true);
    await expect.poll(() => admin.getByText(`© ${new Date().getFullYear()}`).count()).toBe(1);
    expect(await admin.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(1);
    expect(await admin.getByRole('link', { name: 'Forget Password' }).count()).toBe(1);
    await shoot(admin, 'login');

    // a wrong password shows the server's message on the error line
    await admin.getByLabel('Email').fill(ADMIN_EMAIL);
    expect(await loginButton.isDisabled()).toBe(true);
    await admin.getByLabel('Password').fill('not-the-password');
    expect(await loginButton.isDisabled()).toBe(false);
    await loginButton.click();
    await admin.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor({ timeout: UI_WAIT });

    await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
    await loginButton.click();
    const otpDialog = admin.getByRole('dialog', { name: 'OTP Verification' });
    await otpDialog.waitFor({ timeout: UI_WAIT });
    await otpDialog.getByText('Please check your email for an OTP code').waitFor();
    const verify = otpDialog.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    await shoot(admin, 'login-otp', { keepToasts: true });

    const mails = await e2e.mails(ADMIN_EMAIL, 10_000);
    expect(mails.length).toBeGreaterThan(0);
    const code = /\b(\d{6})\b/.exec(mails[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await otpDialog.getByLabel('OTP code').fill(code!);
    await verify.click();

    // the administrator lands on /companies
    await admin.waitForURL(/\/companies$/, { timeout: UI_WAIT });
    await admin.getByText('Welcome, ').first().waitFor({ timeout: UI_WAIT });
    await admin.getByText('Select a company to start managing it').waitFor();
    await admin.getByText('No Companies found.').waitFor({ timeout: UI_WAIT });
    expect(await admin.getByLabel('Paginator').count()).toBe(0);

    // ---------- New Company (company + its default company admin) ----------
    await admin.getByRole('button', { name: 'New Company' }).click();
    const create = admin.getByRole('dialog', { name: 'New Company' });
    await create.waitFor();
    // validation texts of spec §5 after a submit attempt
    await create.getByRole('button', { name: 'Save' }).click();
    for (const text of [
      'Company name is required',
      'First name is required',
      'Email is required',
      'Password is required',
      'Confirm Password field is required',
    ]) {
      await create.getByText(text, { exact: true }).waitFor();
    }
    await create.getByLabel('Company Name').fill(COMPANY);
    await create.getByLabel('First Name').fill(CONTACT.first);
    await create.getByLabel('Last Name').fill(CONTACT.last);
    await create.getByLabel('Email').fill(CONTACT.email);
    await create.getByLabel('Phone Number').fill(CONTACT.phone);
    await create.getByLabel(/^Password/).fill(CONTACT.password);
    await create.getByLabel('Confirm Password').fill(CONTACT.password);
    await shoot(admin, 'companies-create-dialog');
    await create.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Company created successfully').waitFor({ timeout: UI_WAIT });
    await create.waitFor({ state: 'hidden' });

    const companyRow = admin.getByRole('row').filter({ hasText: COMPANY });
    await companyRow.waitFor({ timeout: UI_WAIT });
    expect(await companyRow.textContent()).toContain(`${CONTACT.first} ${CONTACT.last}`);
    for (const header of ['Company Name', 'Primary Contact', 'Created Date', 'Action']) {
      expect(await admin.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    }
    await shoot(admin, 'companies', { keepToasts: true });

    // ---------- Update Company: both tabs, then Switch on the default admin's row ----------
    await companyRow.getByRole('button', { name: 'Edit' }).click();
    const update = admin.getByRole('dialog', { name: 'Update Company' });
    await update.waitFor();
    const adminRow = update.getByRole('row').filter({ hasText: `${CONTACT.first} ${CONTACT.last}` });
    await adminRow.waitFor({ timeout: UI_WAIT });
    // the default admin is marked and cannot be deleted
    expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await adminRow.getByLabel('Default company admin').count()).toBe(1);
    expect(await update.getByRole('tab').allTextContents()).toEqual(['Company Admin(s)', 'Company Location(s)', 'Global Company Settings']);
    await shoot(admin, 'companies-update-admins');

    await update.getByRole('tab', { name: 'Global Company Settings' }).click();
    await update.getByRole('columnheader', { name: 'Variable Name' }).waitFor({ timeout: UI_WAIT });
    for (const header of ['Title', 'Value', 'Set Value']) {
      expect(await update.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    }
    await shoot(admin, 'companies-update-settings');

    await update.getByRole('tab', { name: 'Company Admin(s)' }).click();
    await adminRow.getByRole('button', { name: 'Switch' }).click();
    await admin.waitForURL(/\/dashboard$/, { timeout: UI_WAIT });
    await admin.getByText(`You're logged in as ${COMPANY}`).waitFor({ timeout: UI_WAIT });
    await admin.getByRole('button', { name: 'Exit Company View' }).waitFor();
    await admin.getByText(`Welcome, ${CONTACT.first} ${CONTACT.last}`).waitFor();

    // ---------- Users: New User ----------
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await admin.waitForURL(/\/users$/);
    await admin.getByText('No users found.').waitFor({ timeout: UI_WAIT });
    // always paginated at 15, even when empty
    await admin.getByLabel('Paginator').waitFor();
    await admin.getByRole('button', { name: 'New User' }).click();
    const userDialog = admin.getByRole('dialog', { name: 'Create User' });
    await userDialog.waitFor();
    await userDialog.getByLabel('First Name').fill(USER.first);
    await userDialog.getByLabel('Last Name').fill(USER.last);
    await userDialog.getByLabel('Email').fill(USER.email);
    await userDialog.getByLabel('Phone Number').fill(USER.phone);
    await userDialog.getByLabel(/^Password/).fill(USER.password);
    await userDialog.getByLabel('Confirm Password').fill(USER.password);
    await shoot(admin, 'users-create-dialog');
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'User created successfully').waitFor({ timeout: UI_WAIT });
    await userDialog.waitFor({ state: 'hidden' });

    const userRow = admin.getByRole('row').filter({ hasText: USER.email });
    await userRow.waitFor({ timeout: UI_WAIT });
    expect(await userRow.textContent()).toContain('Company User');
    // the signed-in admin is not listed
    expect(await admin.getByRole('row').filter({ hasText: CONTACT.email }).count()).toBe(0);
    await shoot(admin, 'users', { keepToasts: true });

    // ---------- The user signs in in a second browser context ----------
    const member = await e2e.newPage();
    member.setDefaultTimeout(UI_WAIT);
    await member.goto(`${e2e.url}/login`);
    await member.getByLabel('Email').fill(USER.email);
    await member.getByLabel('Password').fill(USER.password);
    await member.getByRole('button', { name: 'Login', exact: true }).click();
    await member.waitForURL(/\/dashboard$/, { timeout: UI_WAIT });
    await member.getByText(`Welcome, ${USER.first} ${USER.last}`).waitFor({ timeout: UI_WAIT });
    await member.getByText(`You're logged in as ${COMPANY}`).waitFor();
    expect(await member.getByRole('button', { name: 'Exit Company View' }).count()).toBe(0);
    const memberToken = await readToken(member);
    expect(memberToken).toBeTruthy();
    const profileAs = (token: string) => fetch(`${e2e.url}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await profileAs(memberToken!)).status).toBe(200);

    // ---------- Delete the user from the admin session: the user's session ends live ----------
    // what the member's browser hears on the live channel, and any 401 it gets meanwhile
    const memberId = JSON.parse(Buffer.from(memberToken!.split('.')[1]!, 'base64url').toString()).sub as string;
    const live = listenForNotification(e2e.url, memberToken!, 'LogoutDeletedCompanyUsersNotification');
    await live.opened;
    const unauthorized: string[] = [];
    member.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(r.url());
    });
    await userRow.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText('Are you sure you want to delete the selected user?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, 'The selected user has been deleted successfully').waitFor({ timeout: UI_WAIT });
    await userRow.waitFor({ state: 'detached', timeout: UI_WAIT });

    // no action in the member's context: the live channel logs it out
    expect(await live.received).toMatchObject({ UserId: memberId });
    live.close();
    await member.waitForURL(/\/login$/, { timeout: UI_WAIT });
    await member.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // it was the notification, not a refused call, that ended the session
    expect(unauthorized).toEqual([]);
    expect(await readToken(member)).toBeNull();
    expect((await profileAs(memberToken!)).status).toBe(401);

    // ---------- Settings as company admin, profile ----------
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await admin.waitForURL(/\/metadeta$/);
    await admin.getByRole('heading', { name: 'Company Settings' }).waitFor({ timeout: UI_WAIT });
    await shoot(admin, 'settings-company-admin');

    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Profile' }).click();
    await admin.waitForURL(/\/profile$/);
    await admin.getByRole('heading', { name: 'User Profile' }).waitFor({ timeout: UI_WAIT });
    await admin.getByRole('button', { name: 'Update Profile' }).waitFor({ timeout: UI_WAIT });
    await shoot(admin, 'profile');
    // avatar upload and removal (images only)
    await admin.getByLabel('Upload Image').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toast(admin, 'Your profile image has been updated successfully').waitFor({ timeout: UI_WAIT });
    await admin.getByRole('button', { name: 'Remove Image' }).click();
    await toast(admin, 'Your profile image has been removed successfully').waitFor({ timeout: UI_WAIT });
    await admin.getByRole('button', { name: 'Remove Image' }).waitFor({ state: 'detached' });
    // a disabled Update Profile says why, beside the field
    const firstName = admin.locator('#profile-FirstName');
    const phone = admin.locator('#profile-PhoneNumber');
    const [savedFirst, savedPhone] = [await firstName.inputValue(), await phone.inputValue()];
    await firstName.fill('');
    await phone.fill('abc');
    await admin.getByText('First name is required').waitFor();
    await admin.getByText('Phone Number may contain digits, spaces and + ( ) - . only').waitFor();
    expect(await admin.getByRole('button', { name: 'Update Profile' }).isDisabled()).toBe(true);
    await firstName.fill(savedFirst);
    await phone.fill(savedPhone);
    await admin.getByText('First name is required').waitFor({ state: 'detached' });
    expect(await admin.getByRole('button', { name: 'Update Profile' }).isEnabled()).toBe(true);

    // ---------- Exit Company View returns to the administrator ----------
    await admin.getByRole('button', { name: 'Exit Company View' }).click();
    await admin.waitForURL(/\/companies$/, { timeout: UI_WAIT });
    await admin.getByText('Select a company to start managing it').waitFor({ timeout: UI_WAIT });
    await admin.getByText('Welcome, ').first().waitFor();
    expect(await admin.getByRole('button', { name: 'Exit Company View' }).count()).toBe(0);

    // the searchable Switch Company dropdown lists the company
    await admin.getByRole('button', { name: 'Switch Company' }).click();
    await admin.getByPlaceholder('Search companies...').fill('acme');
    await admin.getByRole('option', { name: COMPANY }).waitFor({ timeout: UI_WAIT });
    await shoot(admin, 'switch-company');
    await admin.keyboard.press('Escape');

    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await admin.waitForURL(/\/metadeta$/);
    await admin.getByRole('heading', { name: 'Settings', exact: true }).waitFor({ timeout: UI_WAIT });
    await shoot(admin, 'settings-administrator');

    // Logout from the profile menu clears the token and reloads to the login page
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Logout' }).click();
    await admin.waitForURL(/\/login$/, { timeout: UI_WAIT });
    expect(await readToken(admin)).toBeNull();
  }, 120_000);
});
