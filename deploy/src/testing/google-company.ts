import { randomUUID } from 'node:crypto';
import {
  authCallbackRoute,
  companyStream,
  connectAccountsRoute,
  connectionProcessRoute,
  connectTokenUrlRoute,
  locationItemsRoute,
  SYSTEM_ACTOR,
  userStream,
  type EventMetadata,
} from '@locus/contracts';
import type { EventStore, TokenService } from '@locus/platform';
import { consentAs } from '@locus/command-api/connections/sandbox-consent';
import { emailStreamOf } from '@locus/command-api/users/email-reservation';
import { eventually } from '@locus/tests/stack/eventually';
import type { routeClient } from '@locus/tests/stack/route-client';

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

/** Sends routes of the route table to the server under test (`routeClient` or the test stack). */
export type RouteSender = Pick<ReturnType<typeof routeClient>, 'send'>;

/** Connects the sandbox account `accountName` as the Google user `email` and waits until its `count` locations are imported; answers their ids. */
export async function connectAndImport(api: RouteSender, email: string, accountName: string, count: number, timeoutMs: number): Promise<string[]> {
  const tokenUrl = (await api.send(connectTokenUrlRoute)).body;
  if (!tokenUrl.RedirectUrl) throw new Error(tokenUrl.ErrorMessage ?? 'Google cannot be connected');
  const { code, state } = await consentAs(tokenUrl.RedirectUrl, email);
  const cb = await api.send(authCallbackRoute, { body: { Code: code, State: state }, token: null });
  if (cb.status !== 200) throw new Error(`callback answered ${cb.status}: ${cb.text}`);
  const processId = cb.body.ProcessId;
  if (!processId) throw new Error(`the callback opened no connection process: ${cb.text}`);
  const accounts = await eventually(async () => (await api.send(connectionProcessRoute, { params: { processId } })).body.Data.Accounts, {
    what: 'the account list',
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  const account = accounts.find((a) => a.AccountName === accountName);
  if (!account) throw new Error(`${accountName} is not among ${accounts.map((a) => a.AccountName).join(', ')}`);
  const connect = await api.send(connectAccountsRoute, { params: { processId }, body: { SelectedAccounts: [account.Name] } });
  if (connect.status !== 200) throw new Error(`connect answered ${connect.status}: ${connect.text}`);
  const items = await eventually(
    async () => {
      const { Data } = (await api.send(locationItemsRoute)).body;
      return Data.length >= count && Data;
    },
    { what: `the import of ${count} locations`, timeoutMs, intervalMs: 200 },
  );
  return items.map((i) => i.LocationId);
}
