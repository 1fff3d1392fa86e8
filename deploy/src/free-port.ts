import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where picked ports start: above the local services' ports (NATS 4222, PostgreSQL 5432, Redis 6379, …). */
const LOWEST = 15_000;

/** Where the kernel's ephemeral range starts: it gives outgoing connections their local ports from there up. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low)) return low;
  } catch {
    // Not Linux: the IANA range most systems use.
  }
  return 49_152;
}

const listenOn = (port: number): Promise<number | null> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });

/**
 * A TCP port free on 127.0.0.1 right now (for tests and the bench, which need ports in config
 * up front). Picked below the ephemeral range: a port the OS chose from that range could be given
 * to some process's outgoing connection before the caller listened on it (a browser test's stack
 * once failed to start so).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralLow();
  for (let attempt = 0; below - LOWEST > 1_000 && attempt < 50; attempt++) {
    const port = await listenOn(LOWEST + Math.floor(Math.random() * (below - LOWEST)));
    if (port !== null) return port;
  }
  const port = await listenOn(0);
  if (port === null) throw new Error('No free TCP port on 127.0.0.1');
  return port;
}
