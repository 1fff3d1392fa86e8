import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { busContract, eventually } from './bus.contract';
import { createNatsBus } from './nats-bus';
import { NATS_URL, reachable } from './testing/nats-reachable';

const serverUp = await reachable(NATS_URL);

if (serverUp) {
  busContract('NATS', () => createNatsBus({ url: NATS_URL, name: 'locus-bus-contract' }));

  describe('NATS bus across connections', () => {
    it('delivers between two separate connections (two processes in distributed mode)', async () => {
      const a = await createNatsBus({ url: NATS_URL });
      const b = await createNatsBus({ url: NATS_URL });
      try {
        const subject = `x${Math.random().toString(36).slice(2)}.company.c1.changed.locations`;
        const got: unknown[] = [];
        b.subscribe(subject.replace('.c1.', '.*.'), (m) => got.push(m.data));
        await b.flush();
        a.publish(subject, { id: 'l1' });
        await a.flush();
        await eventually(() => got.length === 1);
        expect(got).toEqual([{ id: 'l1' }]);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
} else if (process.env.CI === 'true') {
  // In CI the NATS adapter must really be exercised: a missing server is a failure, not a skip.
  describe('NATS adapter', () => {
    it(`needs a NATS server at ${NATS_URL}`, () => {
      throw new Error(`No NATS server reachable at ${NATS_URL} (set NATS_URL or start nats-server)`);
    });
  });
} else {
  // Locally a developer may not run NATS; the skip title says plainly that nothing was tested.
  describe.skip(`NATS adapter — NOT RUN: no NATS server at ${NATS_URL}`, () => {
    it('contract suite', () => undefined);
  });
}

// Reconnection needs a server we may stop and start: a private nats-server on a free port.
const natsServerBin = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((p) => existsSync(p));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(natsServerBin!, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await reachable(`nats://127.0.0.1:${port}`, 200))) {
    if (Date.now() > deadline) throw new Error('private nats-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.runIf(natsServerBin)('NATS bus reconnect (private nats-server)', () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    if (server) await stopServer(server);
  });

  it('keeps its subscriptions and resumes delivery after the server restarts', async () => {
    const port = await freePort();
    server = await startServer(port);
    const bus = await createNatsBus({ url: `nats://127.0.0.1:${port}`, reconnectTimeWaitMs: 100 });
    try {
      const got: number[] = [];
      bus.subscribe('r.*', (m) => got.push(m.data as number));
      await bus.flush();
      bus.publish('r.before', 1);
      await eventually(() => got.includes(1));

      await stopServer(server);
      server = await startServer(port);

      // Publish probes until one arrives: the client must have reconnected and re-subscribed.
      let n = 100;
      const deadline = Date.now() + 15_000;
      while (!got.some((v) => v >= 100)) {
        if (Date.now() > deadline) throw new Error('no delivery after reconnect');
        bus.publish('r.after', n++);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(got[0]).toBe(1);
    } finally {
      await bus.close();
    }
  });
});
