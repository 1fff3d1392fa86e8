import { randomUUID } from 'node:crypto';
import {
  authCallbackRoute,
  connectAccountsRoute,
  connectTokenUrlRoute,
  connectionProcessEventSchemas,
  connectionProcessStream,
  type AuthCallbackResponse,
  type TokenUrlResponse,
} from '@locus/contracts';
import { type AuthContext, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { awaitOutcome } from '../kit';
import { connectionsCommandRoutes } from './routes';
import { consentAs, sandboxBaseOf, sandboxDirectory, type SandboxGoogleAccount } from './sandbox-consent';

/** Demo companies take turns over these sandbox Google users (each holds 20-300 locations in its business accounts). */
export const DEMO_GOOGLE_USERS = ['avery.johnson@gmail.com', 'priya.patel.health@gmail.com', 'maria.garcia.biz@gmail.com', 'daniel.kim.autos@gmail.com'];
const MIN_LOCATIONS = 20;
const MAX_LOCATIONS = 300;

export interface SeedDemoLocationsOptions {
  companyId: string;
  /** A CompanyAdmin of the company: the connection is made in their name. */
  adminUserId: string;
  /** The sandbox Google user to connect; default DEMO_GOOGLE_USERS[index]. */
  googleUserEmail?: string;
  /** The business accounts to import (by account name); default: the user's smallest, 20-300 locations in all. */
  accountNames?: string[];
  index?: number;
  /** Wait for the import to finish (default 120 s; 0 = do not wait). */
  waitMs?: number;
}

export interface SeededDemoLocations {
  processId: string;
  googleUserEmail: string;
  accounts: string[];
  locations: number;
  completed: boolean;
}

/** Roles with which Google lets a member delete the account's locations (a site manager may not). */
const OWNER_ROLES = new Set(['PRIMARY_OWNER', 'OWNER']);

/**
 * The business accounts a demo company connects: those the Google user owns, so that every
 * action the portal offers (delete from Google included) works on them; smallest first: the named
 * ones, or as many as the demo range holds.
 */
export function chooseDemoAccounts(
  accounts: readonly SandboxGoogleAccount[],
  email: string,
  accountNames?: readonly string[],
): { chosen: SandboxGoogleAccount[]; total: number } {
  const owns = (a: SandboxGoogleAccount) => a.members.some((m) => m.email?.toLowerCase() === email.toLowerCase() && OWNER_ROLES.has(m.role));
  const candidates = accounts.filter((a) => a.type !== 'PERSONAL' && a.locationCount > 0 && owns(a)).sort((a, b) => a.locationCount - b.locationCount);
  const chosen: SandboxGoogleAccount[] = [];
  let total = 0;
  for (const a of candidates) {
    if (accountNames ? !accountNames.includes(a.accountName) : total + a.locationCount > MAX_LOCATIONS) continue;
    chosen.push(a);
    total += a.locationCount;
  }
  return { chosen, total };
}

function call(route: RouteImplementation, auth: AuthContext, body: unknown = {}, params: Record<string, string> = {}) {
  const req: RequestContext = {
    auth,
    params,
    query: {},
    body,
    files: [],
    requestId: randomUUID(),
    correlationId: randomUUID(),
    ip: '127.0.0.1',
    headers: {},
  };
  return route.handle(req);
}

/**
 * Connects a sandbox Google account to a demo company and imports its locations through the
 * same commands and reactors a company admin drives (token URL → consent → callback →
 * account selection → import reactor). Business accounts are chosen so that between 20 and
 * 300 locations come in.
 */
export async function seedDemoLocations(deps: CommandDeps, options: SeedDemoLocationsOptions): Promise<SeededDemoLocations | null> {
  const base = sandboxBaseOf(deps.config.google.authUrl);
  if (!base) return null; // real Google: nothing to seed
  const email = options.googleUserEmail ?? DEMO_GOOGLE_USERS[(options.index ?? 0) % DEMO_GOOGLE_USERS.length]!;
  const routes = connectionsCommandRoutes(deps);
  const route = (name: string) => routes.find((r) => r.def.name === name)!;
  const auth: AuthContext = {
    userId: options.adminUserId,
    role: 'CompanyAdmin',
    companyId: options.companyId,
    companyName: null,
    viewingAsAdmin: false,
    tokenId: 'demo-seed',
  };

  const tokenUrl = (await call(route(connectTokenUrlRoute.name), auth)).body as TokenUrlResponse;
  if (!tokenUrl.RedirectUrl) throw new Error(tokenUrl.ErrorMessage ?? 'Google cannot be connected');
  const { code, state } = await consentAs(tokenUrl.RedirectUrl, email);
  const callback = (await call(route(authCallbackRoute.name), auth, { Code: code, State: state })).body as AuthCallbackResponse;
  const processId = callback.ProcessId!;

  const { accounts } = await sandboxDirectory(base);
  const { chosen, total } = chooseDemoAccounts(accounts, email, options.accountNames);
  if (total < MIN_LOCATIONS) throw new Error(`The sandbox user ${email} holds too few locations for the demo (${total})`);
  await call(route(connectAccountsRoute.name), auth, { SelectedAccounts: chosen.map((a) => a.name) }, { processId });

  const completed = await waitForImport(deps, processId, options.waitMs ?? 120_000);
  deps.logger.info(
    { companyId: options.companyId, email, accounts: chosen.map((a) => a.accountName), locations: total, completed },
    'Demo Google account connected',
  );
  return { processId, googleUserEmail: email, accounts: chosen.map((a) => a.accountName), locations: total, completed };
}

/** Whether the import finished (100 %) within `waitMs`; false when it failed or is still going. */
async function waitForImport(deps: CommandDeps, processId: string, waitMs: number): Promise<boolean> {
  if (waitMs <= 0) return false;
  const outcome = await awaitOutcome(deps.eventStore, {
    stream: connectionProcessStream(processId),
    after: -1n,
    schemas: connectionProcessEventSchemas,
    types: ['LocationsImportProgressed', 'LocationsImportFailed'],
    matches: (e) => e.type === 'LocationsImportFailed' || e.data.progressPercentage === 100,
    timeoutMs: waitMs,
  });
  return outcome?.type === 'LocationsImportProgressed';
}
