import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { companyStream, SYSTEM_ACTOR, userStream, type EventMetadata } from '@locus/contracts';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createTokenService } from '@locus/platform';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { consentAs, sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { emailStreamOf } from '@locus/command-api/users/email-reservation';
import { freePort } from './free-port';

/**
 * A bulk edit of 300 locations whose server is SIGKILLed part-way, then started again on the
 * same data: the job finishes and Google (the sandbox, which outlives the server) counts
 * exactly one edit per location.
 */
const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(import.meta.dirname, 'testing/locus-child.ts');
const SECRET = 's'.repeat(40);
const KEY = Buffer.alloc(32, 7).toString('base64');
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Server {
  proc: ChildProcess;
  url: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => void proc.kill('SIGKILL'));
  let out = '';
  proc.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /ready (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return { proc, url };
}

async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const meta = (companyId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/** A company and its admin, written into the data dir's event store before the server starts. */
async function seedCompany(dataDir: string) {
  const store = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  const companyId = randomUUID();
  const adminId = randomUUID();
  const email = `bulk.admin.${adminId.slice(0, 6)}@example.test`;
  await store.append(emailStreamOf(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId: adminId }, metadata: meta(companyId) }], {
    expectedRevision: 'no_stream',
  });
  await store.append(
    userStream(adminId),
    [
      {
        id: randomUUID(),
        type: 'UserCreated',
        data: {
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
        },
        metadata: meta(companyId),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await store.append(
    companyStream(companyId),
    [
      {
        id: randomUUID(),
        type: 'CompanyCreated',
        data: { companyId, companyName: 'Bulk Kill Co', defaultAdminId: adminId, source: 'seed' },
        metadata: meta(companyId),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await store.close();
  const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => new Date() } });
  const token = (
    await tokens.issue({
      userId: adminId,
      role: 'CompanyAdmin',
      companyId,
      companyName: 'Bulk Kill Co',
      fullName: 'Bulk Admin',
      email,
      viewingAsAdmin: false,
    })
  ).token;
  return { companyId, token };
}

describe('bulk edit across a SIGKILL', () => {
  it('edits each of 300 locations exactly once on Google when the server is killed mid-job and started again', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bulk-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sandbox: RunningSandbox = await startSandbox({
      httpPort: await freePort(),
      smtpPort: await freePort(),
      dataDir: path.join(dataDir, 'sandbox'),
      log: () => undefined,
    });
    cleanups.push(() => sandbox.close());
    const env = {
      LOCUS_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOCUS_SANDBOX: 'true',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_JWT_SECRET: SECRET,
      LOCUS_ENCRYPTION_KEY: KEY,
      LOCUS_DEMO: '0',
      LOG_LEVEL: 'warn',
    };
    const { token } = await seedCompany(dataDir);

    let server = await startServer(env);
    const call = async (method: string, urlPath: string, body?: unknown, auth: string | null = token) => {
      const res = await fetch(`${server.url}${urlPath}`, {
        method,
        headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };

    // Connect Northwind Auto Care (300 locations) through the sandbox's consent page and import it.
    const northwind = (await sandboxDirectory(sandbox.url)).accounts.find((a) => a.accountName === 'Northwind Auto Care')!;
    expect(northwind.locationCount).toBe(300);
    const owner = northwind.members.find((m) => m.email)!.email!;
    const tokenUrl = await call('GET', '/api/gmb/token-url');
    const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, owner);
    const cb = await call('POST', '/api/auth/callback', { Code: code, State: state }, null);
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    const processId = cb.body.ProcessId as string;
    const proc = await eventually(
      async () => {
        const r = await call('GET', `/api/gmb/connect-accounts/${processId}`);
        return r.body?.Data?.Accounts?.length ? r.body.Data : null;
      },
      'the account list',
      30_000,
    );
    const account = proc.Accounts.find((a: { AccountName: string }) => a.AccountName === 'Northwind Auto Care');
    expect((await call('POST', `/api/gmb/connect-accounts/${processId}`, { SelectedAccounts: [account.Name] })).status).toBe(200);
    const items = await eventually(
      async () => {
        const r = await call('GET', '/api/gmb/locations-items');
        return r.body?.Data?.length === 300 ? (r.body.Data as { LocationId: string }[]) : null;
      },
      'the import of 300 locations',
      240_000,
    );

    const store = sandbox.google!.store;
    const editsBefore = { ...(store.state.editCounts ?? {}) };
    const started = await call('POST', '/api/gmb/bulk-location-edit', {
      SelectedLocations: items.map((i) => i.LocationId),
      IgnoreBulkLocationFields: { BusninessDescription: false },
      ProfileDescription: '@BusinessName in @Town, after a crash',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.Data.JobId as string;
    const job = async () => (await call('GET', `/api/gmb/bulk-location-edit/jobs/${jobId}`)).body?.Data?.Job;

    // Kill while the job is part-way (Google's 300 requests a minute make it take about a minute).
    const partWay = await eventually(
      async () => {
        const j = await job();
        return j && j.Done >= 40 ? j : null;
      },
      'the job to be part-way',
      120_000,
    );
    expect(partWay.Done).toBeLessThan(300);
    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.once('exit', r));

    server = await startServer(env);
    const done = await eventually(
      async () => {
        const j = await job();
        return j && j.Status === 'finished' ? j : null;
      },
      'the job to finish after the restart',
      240_000,
    );
    expect(done).toMatchObject({ Total: 300, Done: 300, Failed: 0, Percent: 100 });

    const after = store.state.editCounts ?? {};
    const names = Object.values(store.state.locations).filter((l) => l.accountId === northwind.name.replace('accounts/', ''));
    expect(names).toHaveLength(300);
    for (const loc of names) {
      expect((after[loc.id] ?? 0) - (editsBefore[loc.id] ?? 0), `edits of ${loc.id}`).toBe(1);
      const r = loc.resource as { title: string; storefrontAddress: { locality: string }; profile?: { description?: string } };
      expect(r.profile?.description).toBe(`${r.title} in ${r.storefrontAddress.locality}, after a crash`);
    }
    server.proc.kill('SIGTERM');
  }, 600_000);
});
