import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { seedDemoLocations, type SeedDemoLocationsOptions } from '@locus/command-api/connections/demo';
import { DEMO_COMPANIES, ensureAdministrator, seedDemo, type SeededCompany } from '@locus/command-api/demo/seed-demo';
import { startLocusStack, webDistDir, type LocusStack } from '../../deploy/src/stack';
import { freePort } from '../../deploy/src/free-port';

/** Debian's headless shell when installed (old headless: no GPU process, no browser UI), else Chromium. */
export const CHROMIUM_PATH =
  process.env.LOCUS_E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The reactors that read reviews and Performance data of every imported location: most of the
 * demo seed's CPU and more in the background after it. A spec whose screens show neither
 * starts its stack without them.
 */
export const REVIEWS_AND_INSIGHTS_READS = ['reviews.ingest', 'insights.import-from-google'] as const;

/**
 * Where a spec writes its screenshots: a temp folder of its own, so a test run leaves the tracked
 * docs/screenshots alone; LOCUS_SCREENSHOTS_DIR=docs/screenshots refreshes the committed ones.
 */
export function screenshotsDir(spec: string): string {
  const dir = process.env.LOCUS_SCREENSHOTS_DIR ? path.resolve(process.env.LOCUS_SCREENSHOTS_DIR) : path.join(os.tmpdir(), `locus-e2e-${spec}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const ADMIN_EMAIL = 'admin@locus.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Builds the web app when web/dist is missing or older than the newest source file. */
export function ensureWebBuilt(): void {
  const index = path.join(webDistDir, 'index.html');
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }, 0);
  if (existsSync(index) && statSync(index).mtimeMs >= newest(path.join(repoRoot, 'web', 'src'))) return;
  execFileSync('npm', ['run', 'build', '-w', '@locus/web'], { cwd: repoRoot, stdio: 'inherit' });
}

export interface E2EStack {
  stack: LocusStack;
  browser: Browser;
  url: string;
  sandboxUrl: string;
  newPage(): Promise<Page>;
  /** Messages the sandbox mailbox received for `to`, newest first; waits up to waitMs for one. */
  mails(to: string, waitMs?: number): Promise<{ subject: string; text: string; html?: string }[]>;
  close(): Promise<void>;
}

/**
 * The all-in-one stack on free ports with an empty data dir, the Administrator, and Chromium.
 * `publicUrl: false` leaves LOCUS_PUBLIC_URL unset, so links follow the address the browser used.
 */
export async function startE2EStack(
  options: { demo?: boolean; env?: Record<string, string>; skipReactors?: readonly string[]; publicUrl?: false } = {},
): Promise<E2EStack> {
  ensureWebBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-e2e-'));
  const port = await freePort();
  const env = {
    PORT: String(port),
    LOCUS_DATA_DIR: dataDir,
    ...(options.publicUrl === false ? {} : { LOCUS_PUBLIC_URL: `http://127.0.0.1:${port}` }),
    LOCUS_SANDBOX: '1',
    LOCUS_SANDBOX_PORT: String(await freePort()),
    LOCUS_SANDBOX_SMTP_PORT: String(await freePort()),
    LOCUS_DEMO: options.demo ? '1' : '0',
    LOCUS_ADMIN_EMAIL: ADMIN_EMAIL,
    LOCUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...options.env,
  };
  const config = loadConfig(env, { sandboxByDefault: true });
  const stack = await startLocusStack(config, {
    logger: createLogger({ name: 'locus-e2e', level: 'warn' }),
    ...(options.skipReactors ? { skipReactors: options.skipReactors } : {}),
  });
  await ensureAdministrator(
    { eventStore: stack.ports.eventStore, ids: stack.ports.ids, clock: stack.ports.clock },
    { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const sandboxUrl = stack.sandbox!.url;
  return {
    stack,
    browser,
    url: stack.url,
    sandboxUrl,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      return context.newPage();
    },
    async mails(to: string, waitMs = 0) {
      const res = await fetch(`${sandboxUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}&waitMs=${waitMs}`);
      const body = (await res.json()) as { messages: { subject: string; text: string; html?: string }[] };
      return body.messages;
    },
    async close() {
      await browser.close();
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo data, then the first demo company's Google connected and its locations imported
 * through the real flow (its own accounts, or the ones `account` names, e.g. the sandbox's
 * benchmark account). Fails when the import does not complete.
 */
export async function seedDemoCompany(
  e2e: E2EStack,
  account: Pick<SeedDemoLocationsOptions, 'googleUserEmail' | 'accountNames' | 'waitMs'> = {},
): Promise<{ company: SeededCompany; locations: number }> {
  const { ports, commandDeps } = e2e.stack;
  const demo = await seedDemo({ eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock }, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const company = demo.companies.find((c) => c.name === DEMO_COMPANIES[0]!.name)!;
  const seeded = await seedDemoLocations(commandDeps, {
    companyId: company.companyId,
    adminUserId: company.defaultAdminId,
    googleUserEmail: company.google.userEmail,
    accountNames: company.google.accounts,
    ...account,
  });
  if (!seeded?.completed) throw new Error(`the demo locations of ${company.name} were not imported`);
  return { company, locations: seeded.locations };
}

/** A bearer token for a user, signed in over the API. */
export async function signInToken(e2e: E2EStack, email: string, password: string): Promise<string> {
  const login = await fetch(`${e2e.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ UserName: email, Password: password }),
  });
  const token = ((await login.json()) as { Token?: string }).Token;
  if (!token) throw new Error(`${email} could not sign in (${login.status})`);
  return token;
}

/**
 * Closes every toast until none is left: one may arrive while others close, and a closed toast
 * stays in the page for its exit transition, which a loaded machine draws slowly.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.bp6-toast');
  await expect
    .poll(
      async () => {
        for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
        return toasts.count();
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(0);
}
