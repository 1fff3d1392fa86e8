import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const ephemeralLow = (): number | null => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return null;
  }
};

describe('freePort', () => {
  it('gives ports one can listen on, below the range the OS gives outgoing connections', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    const low = ephemeralLow();
    for (const port of ports) {
      if (low !== null) expect(port).toBeLessThan(low);
      expect(port).toBeGreaterThanOrEqual(15_000);
      await new Promise<void>((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });
});
