import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getLocationRoute, updateLocationRoute } from '@locus/contracts';
import { createTokenService } from '@locus/platform';
import { createEventStoreDbEventStore } from '@locus/platform/event-store/eventstoredb-event-store';
import { sseReader } from '@locus/platform/http/testing';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { freePort } from './free-port';
import { eventually } from '@locus/tests/stack/eventually';
import { routeClient } from '@locus/tests/stack/route-client';
import { connectAndImport, seedCompanyAdmin } from './testing/google-company';

/**
 * The distributed deployment end to end on compose's engines (`npm run test:distributed` starts
 * them and sets the variables): command-api, query-api, projectors and the reactor worker as
 * processes of their own on EventStoreDB, MongoDB, NATS and Redis, Google as the sandbox. A
 * company admin signs in (a token the test issues), imports a sandbox account, edits a location
 * and sees the change arrive live on /api/live, then in the query.
 */
const urls = {
  EVENTSTORE_URL: process.env.EVENTSTORE_URL,
  MONGODB_URL: process.env.MONGODB_URL,
  NATS_URL: process.env.NATS_URL,
  REDIS_URL: process.env.REDIS_URL,
};
const enabled = process.env.LOCUS_DISTRIBUTED_SMOKE === '1' && Object.values(urls).every(Boolean);
const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 's'.repeat(40);
const KEY = Buffer.alloc(32, 9).toString('base64');
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const roles = {
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  projectors: 'projectors/src/main.ts',
  reactors: 'command-api/src/reactor-worker.ts',
} as const;

/** Starts one role and resolves once its /ready answers 200. */
async function startRole(role: keyof typeof roles, env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', roles[role]], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  cleanups.push(() => void proc.kill('SIGTERM'));
  let err = '';
  proc.stderr!.on('data', (d) => (err = (err + d).slice(-4_000)));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (proc.exitCode !== null) throw new Error(`${role} exited (${proc.exitCode}):\n${err}`);
      return (await fetch(`${url}/ready`)).ok;
    },
    { what: `${role} to be ready`, timeoutMs: 300_000, intervalMs: 200 },
  );
  return { proc, url };
}

describe.skipIf(!enabled)(enabled ? 'distributed smoke on compose engines' : 'distributed smoke — NOT RUN: npm run test:distributed sets its engines', () => {
  it('signs in, imports the sandbox account, edits a location and sees it live', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-dist-smoke-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sandbox: RunningSandbox = await startSandbox({
      httpPort: await freePort(),
      smtpPort: await freePort(),
      dataDir: path.join(dataDir, 'sandbox'),
      log: () => undefined,
    });
    cleanups.push(() => sandbox.close());
    const env: Record<string, string> = {
      ...(urls as Record<string, string>),
      // A database of its own per run: the engines outlive nothing, but runs may share them.
      MONGODB_DB: `locus_smoke_${randomUUID().slice(0, 8)}`,
      LOCUS_DATA_DIR: dataDir,
      LOCUS_SANDBOX: 'true',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_JWT_SECRET: SECRET,
      LOCUS_ENCRYPTION_KEY: KEY,
      LOCUS_DEMO: '0',
      LOG_LEVEL: 'warn',
    };
    const events = createEventStoreDbEventStore({ url: urls.EVENTSTORE_URL! });
    const { token } = await seedCompanyAdmin(
      events,
      createTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => new Date() } }),
      'Distributed Smoke Co',
    );
    await events.close();

    const [command, query] = await Promise.all([startRole('command-api', env), startRole('query-api', env)]);
    await Promise.all([startRole('projectors', env), startRole('reactors', env)]);
    // As the web gateway does: commands to command-api, the rest to query-api.
    const api = routeClient((route) => (route.kind === 'command' ? command.url : query.url), { token });

    const account = (await sandboxDirectory(sandbox.url)).accounts.filter((a) => a.locationCount > 0).sort((a, b) => a.locationCount - b.locationCount)[0]!;
    const owner = account.members.find((m) => m.email)!.email!;
    const ids = await connectAndImport(api, owner, account.accountName, account.locationCount, 240_000);
    expect(ids.length).toBe(account.locationCount);

    const live = await fetch(`${query.url}/api/live`, { headers: { Authorization: `Bearer ${token}` } });
    expect(live.status).toBe(200);
    const frames = sseReader(live);
    const description = `Edited across processes ${randomUUID().slice(0, 8)}`;
    const edited = await api.send(updateLocationRoute, { params: { id: ids[0]! }, body: { ProfileDescription: description } });
    expect(edited.status, edited.text).toBe(200);
    for (const until = Date.now() + 60_000; ;) {
      const frame = await frames.next();
      const data = frame?.data ? (JSON.parse(frame.data) as { kind?: string; ids?: string[] }) : null;
      if (data?.kind === 'changed' && data.ids?.includes(ids[0]!)) break;
      if (Date.now() > until) throw new Error('no live change of the edited location');
    }
    await live.body?.cancel();
    const shown = await eventually(
      async () => {
        const r = await api.send(getLocationRoute, { params: { id: ids[0]! } });
        return r.text.includes(description) && r;
      },
      { what: 'the edit in the query', timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(shown.status).toBe(200);
  }, 600_000);
});
