/**
 * `npm run bench`: measures the embedded stack and prints, as its LAST line, one JSON object
 * with the figures. Targets (2-core machine): appendsPerSecond ≥ 3,000,
 * rebuildEventsPerSecond ≥ 50,000 (≥ 200,000 events), appendToSseP95Ms ≤ 50.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { startLocusStack, type LocusStack } from '../stack';
import { measureRebuild } from './rebuild-bench';
import { percentile, runConcurrently } from './measure';
import { openSse } from './sse-client';
import { freePort } from '../free-port';

const log = (message: string) => process.stderr.write(`${message}\n`);

async function startBenchStack(dataDir: string): Promise<LocusStack> {
  const config = loadConfig(
    { PORT: String(await freePort()), LOCUS_DATA_DIR: dataDir, LOCUS_SANDBOX: '0', LOCUS_DEMO: '0', LOCUS_ADMIN_EMAIL: 'admin@bench.local', SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' },
    { sandboxByDefault: false },
  );
  // Request logs at info would measure the terminal, not Locus: the bench logs warnings only.
  return startLocusStack(config, { logger: createLogger({ name: 'bench', level: 'warn' }), serveWeb: false });
}

/** A real company user of the seeded demo data, with a token the server accepts. */
async function companyUserSession(stack: LocusStack) {
  const deps = stack.commandDeps;
  const seeded = await seedDemo({ eventStore: deps.eventStore, ids: deps.ids, clock: deps.clock }, { adminEmail: 'admin@bench.local', adminPassword: 'Bench-Passw0rd!' });
  const company = seeded.companies[0];
  const userId = company.userIds.at(-1)!;
  // Tokens come from the same TokenService the login uses; the session check reads the users read model.
  const { token } = await deps.tokens.issue({
    userId,
    role: 'CompanyUser',
    companyId: company.companyId,
    companyName: company.name,
    fullName: 'Bench User',
    email: 'bench@bench.local',
    viewingAsAdmin: false,
  });
  const position = await deps.eventStore.headPosition();
  await deps.readModels.waitForPosition(position, 5_000);
  return { token, companyId: company.companyId };
}

async function main() {
  const results: Record<string, number | string> = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-'));
  const stack = await startBenchStack(dataDir);
  try {
    const session = await companyUserSession(stack);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.token}` };
    let n = 0;
    const createStaff = async () => {
      n += 1;
      const res = await fetch(`${stack.url}/api/staff/${session.companyId}/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ FirstName: `Bench${n}`, LastName: 'Staff', Email: `bench${n}@example.com`, PhoneNumber: '(512) 555-0100' }),
      });
      if (res.status !== 200) throw new Error(`staff create answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { Data: { Id: string } };
    };

    // 1. Single-event commands through the whole command path over HTTP
    //    (auth, session check, validation, decide, append), 32 in flight.
    log('appends: warming up');
    await runConcurrently(300, 16, createStaff);
    const appendCount = 6_000;
    log(`appends: ${appendCount} commands, 32 in flight`);
    const t0 = performance.now();
    await runConcurrently(appendCount, 32, createStaff);
    const appendSeconds = (performance.now() - t0) / 1000;
    results.appendsPerSecond = Math.round(appendCount / appendSeconds);

    // 2. Command → SSE message at a connected client, one command at a time.
    const sse = await openSse(`${stack.url}/api/live`, session.token);
    await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 10_000);
    const latencies: number[] = [];
    const samples = 400;
    log(`append→SSE: ${samples} commands`);
    for (let i = 0; i < samples; i++) {
      const sent = performance.now();
      const arrived = sse.waitFor((msg) => msg.kind === 'changed' && msg.collection === 'staff');
      const created = await createStaff();
      const msg = await arrived;
      if (msg.id !== created.Data.Id) throw new Error(`SSE message for ${msg.id}, expected ${created.Data.Id}`);
      latencies.push(sse.lastArrival - sent);
    }
    sse.close();
    results.appendToSseP50Ms = round2(percentile(latencies, 50));
    results.appendToSseP95Ms = round2(percentile(latencies, 95));
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  // 3. Rebuild of a real projection over ≥ 200,000 events.
  log('rebuild: writing 200,000 events');
  const rebuild = await measureRebuild({ events: 200_000, log });
  results.rebuildEvents = rebuild.events;
  results.rebuildEventsPerSecond = rebuild.eventsPerSecond;

  process.stdout.write(`${JSON.stringify(results)}\n`);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
