import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createTokenService } from '@locus/platform';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { renderPhoto } from '@locus/sandbox/google/images';
import { sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { freePort } from './free-port';
import { bulkLocationEditRoute, getBulkEditJobRoute } from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { routeClient } from '@locus/tests/stack/route-client';
import { connectAndImport, seedCompanyAdmin } from './testing/google-company';

/**
 * A bulk edit of 300 locations (description and logo) whose server is SIGKILLed part-way, then
 * started again on the same data: the job finishes and Google (the sandbox, which outlives the
 * server) counts exactly one edit and holds exactly one new logo per location.
 *
 * Locus's write queue runs at 1,200 requests a minute here (LOCUS_GOOGLE_QUERIES_PER_MINUTE), so
 * the job takes seconds; `npm run bench` measures Google's real 300.
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
    // the logo Google fetches: one image served from memory (rendering one per fetch would cost more than the job)
    const logoBytes = renderPhoto('bulk-kill-logo', 1200, 1200);
    const images = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(logoBytes));
    await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => images.close(() => r())));
    const logoUrl = `http://127.0.0.1:${(images.address() as { port: number }).port}/logo.png`;
    const env = {
      LOCUS_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOCUS_SANDBOX: 'true',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_JWT_SECRET: SECRET,
      LOCUS_ENCRYPTION_KEY: KEY,
      LOCUS_DEMO: '0',
      LOG_LEVEL: 'warn',
      LOCUS_GOOGLE_QUERIES_PER_MINUTE: '1200',
      // what each imported location starts besides the import: not this test's subject
      LOCUS_TEST_SKIP_REACTORS: 'reviews.ingest,insights.import-from-google',
    };
    const events = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
    const { token } = await seedCompanyAdmin(
      events,
      createTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => new Date() } }),
      'Bulk Kill Co',
    );
    await events.close();

    let server = await startServer(env);
    const api = routeClient(() => server.url, { token });

    // Northwind Auto Care (300 locations), connected through the sandbox's consent page and imported.
    const northwind = (await sandboxDirectory(sandbox.url)).accounts.find((a) => a.accountName === 'Northwind Auto Care')!;
    expect(northwind.locationCount).toBe(300);
    const owner = northwind.members.find((m) => m.email)!.email!;
    const ids = await connectAndImport(api, owner, 'Northwind Auto Care', 300, 240_000);

    const store = sandbox.google!.store;
    const editsBefore = { ...(store.state.editCounts ?? {}) };
    const started = await api.send(bulkLocationEditRoute, {
      body: {
        SelectedLocations: ids,
        IgnoreBulkLocationFields: { BusninessDescription: false, ProfilePhoto: false },
        ProfileDescription: '@BusinessName in @Town, after a crash',
        ProfilePhoto: logoUrl,
      },
    });
    expect(started.status, started.text).toBe(200);
    const jobId = started.body.Data.JobId;
    const job = async () => (await api.send(getBulkEditJobRoute, { params: { jobId } })).body.Data.Job;

    // Kill while the job is part-way (two Google writes per location at 1,200 a minute: about 30 s).
    const partWay = await eventually(
      async () => {
        const j = await job();
        return j.Done >= 40 && j;
      },
      { what: 'the job to be part-way', timeoutMs: 120_000, intervalMs: 200 },
    );
    expect(partWay.Done).toBeLessThan(300);
    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.once('exit', r));

    server = await startServer(env);
    const done = await eventually(
      async () => {
        const j = await job();
        return j.Status === 'finished' && j;
      },
      { what: 'the job to finish after the restart', timeoutMs: 240_000, intervalMs: 200 },
    );
    expect(done).toMatchObject({ Total: 300, Done: 300, Failed: 0, Percent: 100 });

    const after = store.state.editCounts ?? {};
    const names = Object.values(store.state.locations).filter((l) => l.accountId === northwind.name.replace('accounts/', ''));
    expect(names).toHaveLength(300);
    for (const loc of names) {
      expect((after[loc.id] ?? 0) - (editsBefore[loc.id] ?? 0), `edits of ${loc.id}`).toBe(1);
      const r = loc.resource as { title: string; storefrontAddress: { locality: string }; profile?: { description?: string } };
      expect(r.profile?.description).toBe(`${r.title} in ${r.storefrontAddress.locality}, after a crash`);
      const logos = store.mediaOf(loc).filter((m) => m.resource.sourceUrl === logoUrl);
      expect(
        logos.map((m) => (m.resource.locationAssociation as { category: string }).category),
        `logos of ${loc.id}`,
      ).toEqual(['LOGO']);
    }
    server.proc.kill('SIGTERM');
  }, 600_000);
});
