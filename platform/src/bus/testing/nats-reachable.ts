import net from 'node:net';

/** The NATS server the tests use. */
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Whether a NATS server answers at the url (tests skip their NATS suites otherwise). */
export function reachable(url: string, timeoutMs = 1_000): Promise<boolean> {
  const first = url.split(',')[0]!.trim();
  const u = new URL(first.includes('://') ? first : `nats://${first}`);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
