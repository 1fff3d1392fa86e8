import { randomUUID } from 'node:crypto';
import { companyStream, SYSTEM_ACTOR, userStream, type EventMetadata } from '@locus/contracts';
import type { EventStore, TokenService } from '@locus/platform';
import { consentAs } from '@locus/command-api/connections/sandbox-consent';
import { emailStreamOf } from '@locus/command-api/users/email-reservation';

/**
 * For the bulk edit's SIGKILL spec and bench: a company with its admin written straight into an
 * event store, and a sandbox Google account connected and imported through the real HTTP flow.
 */
const meta = (companyId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

export async function seedCompanyAdmin(eventStore: EventStore, tokens: Pick<TokenService, 'issue'>, companyName: string) {
  const companyId = randomUUID();
  const adminId = randomUUID();
  const email = `admin.${adminId.slice(0, 6)}@example.test`;
  await eventStore.append(emailStreamOf(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId: adminId }, metadata: meta(companyId) }], {
    expectedRevision: 'no_stream',
  });
  const user = {
    userId: adminId,
    companyId,
    role: 'CompanyAdmin',
    firstName: 'Bulk',
    lastName: 'Admin',
    email,
    phoneNumber: '',
    passwordHash: null,
    isDefaultCompanyContact: true,
    source: 'seed',
  };
  await eventStore.append(userStream(adminId), [{ id: randomUUID(), type: 'UserCreated', data: user, metadata: meta(companyId) }], {
    expectedRevision: 'no_stream',
  });
  await eventStore.append(
    companyStream(companyId),
    [{ id: randomUUID(), type: 'CompanyCreated', data: { companyId, companyName, defaultAdminId: adminId, source: 'seed' }, metadata: meta(companyId) }],
    { expectedRevision: 'no_stream' },
  );
  const { token } = await tokens.issue({ userId: adminId, role: 'CompanyAdmin', companyId, companyName, fullName: 'Bulk Admin', email, viewingAsAdmin: false });
  return { companyId, adminId, token };
}

export type ApiCall = (method: string, urlPath: string, body?: unknown, auth?: string | null) => Promise<{ status: number; body: any }>;

export function apiCaller(baseUrl: () => string, token: string): ApiCall {
  return async (method, urlPath, body, auth = token) => {
    const res = await fetch(`${baseUrl()}${urlPath}`, {
      method,
      headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Connects the sandbox account `accountName` as the Google user `email` and waits until its `count` locations are imported; answers their ids. */
export async function connectAndImport(call: ApiCall, email: string, accountName: string, count: number, timeoutMs: number): Promise<string[]> {
  const tokenUrl = await call('GET', '/api/gmb/token-url');
  const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, email);
  const cb = await call('POST', '/api/auth/callback', { Code: code, State: state }, null);
  if (cb.status !== 200) throw new Error(`callback answered ${cb.status}: ${JSON.stringify(cb.body)}`);
  const processId = cb.body.ProcessId as string;
  const proc = await eventually(
    async () => {
      const r = await call('GET', `/api/gmb/connect-accounts/${processId}`);
      return r.body?.Data?.Accounts?.length ? (r.body.Data as { Accounts: { AccountName: string; Name: string }[] }) : null;
    },
    'the account list',
    30_000,
  );
  const account = proc.Accounts.find((a) => a.AccountName === accountName);
  if (!account) throw new Error(`${accountName} is not among ${proc.Accounts.map((a) => a.AccountName).join(', ')}`);
  const connect = await call('POST', `/api/gmb/connect-accounts/${processId}`, { SelectedAccounts: [account.Name] });
  if (connect.status !== 200) throw new Error(`connect answered ${connect.status}: ${JSON.stringify(connect.body)}`);
  const items = await eventually(
    async () => {
      const r = await call('GET', '/api/gmb/locations-items');
      return r.body?.Data?.length >= count ? (r.body.Data as { LocationId: string }[]) : null;
    },
    `the import of ${count} locations`,
    timeoutMs,
  );
  return items.map((i) => i.LocationId);
}
