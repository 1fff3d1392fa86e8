import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, repoRoot, serverDistDir } from './build-server';
import { freePort } from './free-port';

/** The compiled all-in-one server as `npm start` runs it, in its own process. */
interface Launched {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDirs: string[] = [];

async function portsEnv(over: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-start-'));
  dataDirs.push(dataDir);
  return {
    PORT: String(await freePort()),
    LOCUS_SANDBOX_PORT: String(await freePort()),
    LOCUS_SANDBOX_SMTP_PORT: String(await freePort()),
    LOCUS_DATA_DIR: dataDir,
    LOCUS_DEMO: '0',
    LOG_LEVEL: 'warn',
    ...over,
  };
}

function launch(command: string, args: string[], env: Record<string, string>): Launched {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

async function untilBanner(launched: Launched): Promise<void> {
  while (!launched.output().includes('Locus is running at')) {
    if (launched.child.exitCode !== null) throw new Error(`exited early:\n${launched.output()}`);
    await new Promise((resolve) => launched.child.stdout!.once('data', resolve));
  }
}

/** Sends a request's headers now and returns a function that sends its body and reads the answer. */
function openRequest(port: number, body: string): Promise<() => Promise<string>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let failure: Error | undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', (err) => (failure = err));
    socket.once('connect', () => {
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      resolve(async () => {
        socket.write(body);
        await closed;
        if (failure) throw failure;
        return answer;
      });
    });
    socket.once('error', reject);
  });
}

const nonLoopbackAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const canConnect = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  await buildServer();
}, 60_000);

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start (compiled all-in-one server)', () => {
  it('on SIGTERM answers all 300 in-flight requests, resets none, and exits 0', async () => {
    const env = await portsEnv();
    const port = Number(env.PORT);
    const server = launch(process.execPath, [path.join(serverDistDir, 'start-all.js')], env);
    await untilBanner(server);
    expect(server.output()).toContain(`(SMTP port ${env.LOCUS_SANDBOX_SMTP_PORT})`);
    expect(server.output()).toContain(`listening on 127.0.0.1:${port}`);

    // 300 requests whose headers have arrived and whose bodies have not.
    const pending = await Promise.all(Array.from({ length: 300 }, () => openRequest(port, '{}')));
    // Connections are accepted in order: one answered after them means all 300 were taken.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    const answers = await Promise.allSettled(pending.map((finish) => finish()));
    const reset = answers.filter((a) => a.status === 'rejected');
    expect(reset).toEqual([]);
    const statuses = answers.map((a) => (a.status === 'fulfilled' ? Number(/^HTTP\/1\.1 (\d{3})/.exec(a.value)?.[1]) : 0));
    expect(statuses.filter((s) => !(s >= 400 && s < 500))).toEqual([]);
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('listens on 127.0.0.1 only unless HOST says otherwise, and stops on SIGINT with exit 0', async () => {
    const address = nonLoopbackAddress();
    const env = await portsEnv();
    const server = launch(process.execPath, [path.join(serverDistDir, 'start-all.js')], env);
    await untilBanner(server);
    expect(await canConnect(Number(env.PORT), '127.0.0.1')).toBe(true);
    if (address) expect(await canConnect(Number(env.PORT), address)).toBe(false);
    server.child.kill('SIGINT');
    expect(await server.exit, server.output()).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('stops the server when npm itself gets SIGTERM (no orphan left answering)', async () => {
    const env = await portsEnv();
    const npm = launch('npm', ['run', '--silent', 'start:server'], env);
    await untilBanner(npm);
    expect(await canConnect(Number(env.PORT), '127.0.0.1')).toBe(true);
    npm.child.kill('SIGTERM');
    await npm.exit;
    // The server got the signal too, and stopped: its port is closed once npm returns.
    await expect.poll(() => canConnect(Number(env.PORT), '127.0.0.1'), { timeout: 15_000 }).toBe(false);
  }, 90_000);

  it.each([
    ['PORT', 'PORT'],
    ['LOCUS_SANDBOX_PORT', 'LOCUS_SANDBOX_PORT'],
    ['LOCUS_SANDBOX_SMTP_PORT', 'LOCUS_SANDBOX_SMTP_PORT'],
  ])(
    'a port taken by another process (%s) gives one line naming %s, and exit 1',
    async (variable, named) => {
      const env = await portsEnv();
      const taken = net.createServer().listen(Number(env[variable as keyof typeof env]), '127.0.0.1');
      await new Promise((resolve) => taken.once('listening', resolve));
      try {
        const server = launch(process.execPath, [path.join(serverDistDir, 'start-all.js')], env);
        expect((await server.exit).code).toBe(1);
        const errorLines = server
          .output()
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('{'));
        expect(errorLines).toEqual([`Locus cannot start: Port ${env[variable as keyof typeof env]} is already in use: set ${named} to a free port.`]);
      } finally {
        taken.close();
      }
    },
    60_000,
  );
});

describe('compiled processes of the distributed deployment', () => {
  it('bootstrap-admin creates the Administrator once, and names the missing password', async () => {
    const env = await portsEnv({ LOCUS_ADMIN_EMAIL: 'root@locus.test', LOCUS_ADMIN_PASSWORD: 'First-Passw0rd!' });
    const run = async (over: Record<string, string> = {}) => {
      const launched = launch(process.execPath, [path.join(serverDistDir, 'bootstrap-admin.js')], { ...env, ...over });
      return { ...(await launched.exit), output: launched.output() };
    };
    expect(await run()).toMatchObject({ code: 0, output: 'Administrator root@locus.test created.\n' });
    expect(await run()).toMatchObject({ code: 0, output: 'Administrator root@locus.test already exists; nothing changed.\n' });
    const missing = await run({ LOCUS_ADMIN_PASSWORD: '' });
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/^LOCUS_ADMIN_PASSWORD: /);
  }, 60_000);

  it('the projectors worker answers /ready and /metrics on its PORT and stops on SIGTERM with exit 0', async () => {
    const env = await portsEnv();
    const worker = launch(process.execPath, [path.join(serverDistDir, 'projectors.js')], env);
    const base = `http://127.0.0.1:${env.PORT}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000 },
      )
      .toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^locus_projection_lag_events\{projection="[a-z-]+"\} \d+$/m);
    worker.child.kill('SIGTERM');
    expect(await worker.exit, worker.output()).toEqual({ code: 0, signal: null });
  }, 60_000);
});
