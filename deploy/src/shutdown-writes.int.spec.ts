import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@locus/platform';
import { repoRoot } from './build-server';
import { freePort } from './free-port';

/**
 * `npm start`'s stop as a terminal, a service manager or compose sends it: SIGTERM to the whole
 * process group (npm, the relaunch parent, the server), each passing it on. In-flight writes are
 * answered (or refused with 503), none reset, the exit code is 0, and every acknowledged write
 * is there after a restart.
 */
const SECRET = 'shutdown-test-secret-'.padEnd(40, 'x');
const KEY = Buffer.alloc(32, 9).toString('base64');
const WRITES = 200;
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm run start:server` (npm start without the web build) in a process group of its own. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn('npm', ['run', '--silent', 'start:server'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  cleanups.push(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  while (!output.includes('Locus is running at')) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exit };
}

describe('npm start stopped by SIGTERM to its process group', () => {
  it(`answers or refuses (503) each of ${WRITES} in-flight writes, resets none, exits 0, and keeps every acknowledged write`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-stop-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      PORT: String(await freePort()),
      LOCUS_SANDBOX_PORT: String(await freePort()),
      LOCUS_SANDBOX_SMTP_PORT: String(await freePort()),
      LOCUS_DATA_DIR: dataDir,
      LOCUS_DEMO: '0',
      LOCUS_JWT_SECRET: SECRET,
      LOCUS_ENCRYPTION_KEY: KEY,
      LOG_LEVEL: 'warn',
    };
    const base = `http://127.0.0.1:${env.PORT}`;
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => new Date() } });
    // One company each: the writes do not wait on one another's stream.
    const writers = await Promise.all(
      Array.from({ length: WRITES }, async (_, i) => {
        const companyId = randomUUID();
        const claims = {
          userId: randomUUID(),
          role: 'CompanyAdmin' as const,
          companyId,
          companyName: `Stop ${i}`,
          fullName: 'Stop Test',
          email: `stop${i}@example.test`,
          viewingAsAdmin: false,
        };
        return { i, token: (await tokens.issue(claims)).token };
      }),
    );
    const save = (w: (typeof writers)[number]) =>
      fetch(`${base}/api/companyMetaData/variables/save`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${w.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ VariableName: `StopWrite${w.i}`, VariableValue: `value-${w.i}` }),
      }).then(
        async (res) => ({ i: w.i, status: res.status, connection: res.headers.get('connection'), text: await res.text() }),
        (err: Error & { cause?: { code?: string } }) => ({ i: w.i, status: 0, connection: null, text: `${err.message} ${err.cause?.code ?? ''}` }),
      );

    const server = await startServer(env);
    // A first write proves the route works before the stop.
    expect((await save({ ...writers[0]!, i: -1 })).status).toBe(200);

    // The stop comes while the writes are under way: some answered, the others in flight or queued.
    let done = 0;
    let quarter!: () => void;
    const quarterDone = new Promise<void>((resolve) => (quarter = resolve));
    const results = Promise.all(
      writers.map((w) =>
        save(w).then((r) => {
          if (++done === WRITES / 4) quarter();
          return r;
        }),
      ),
    );
    await quarterDone;
    process.kill(-server.child.pid!, 'SIGTERM');
    const answered = await results;
    const exit = await server.exit;

    const failed = answered.filter((r) => r.status === 0);
    expect(failed, server.output()).toEqual([]);
    expect(answered.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    for (const r of answered.filter((a) => a.status === 503)) expect(r.connection).toBe('close');
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    const acknowledged = answered.filter((r) => r.status === 200).map((r) => r.i);
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITES / 4);

    const again = await startServer(env);
    const missing: number[] = [];
    for (const i of acknowledged) {
      const res = await fetch(`${base}/api/companyMetaData/variables`, { headers: { Authorization: `Bearer ${writers[i]!.token}`, 'X-Min-Position': '0' } });
      const text = await res.text();
      if (!text.includes(`StopWrite${i}`)) missing.push(i);
    }
    expect(missing).toEqual([]);
    process.kill(-again.child.pid!, 'SIGTERM');
    expect(await again.exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});
