import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openSseChannel, RESYNC_FRAME } from './sse';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Reads what the stream holds until it stays empty for a turn (a client catching up). */
const drainNow = async (stream: Readable): Promise<string> => {
  let out = '';
  for (;;) {
    let chunk: Buffer | null;
    let got = false;
    while ((chunk = stream.read() as Buffer | null) !== null) {
      out += chunk.toString();
      got = true;
    }
    await turn(); // 'drain' refills the stream from the backlog
    if (!got && stream.readableLength === 0) return out;
  }
};

const countOf = (text: string, part: string) => text.split(part).length - 1;

describe('SSE channel backpressure', () => {
  it('writes the frames of one turn together, each message serialized once for every stream', async () => {
    const a = openSseChannel();
    const b = openSseChannel();
    const message = { kind: 'changed', collection: 'locations', ids: ['x'] };
    a.send(message, { event: 'changed' });
    a.send({ kind: 'changed', collection: 'users', ids: ['u'] }, { event: 'changed' });
    b.send(message, { event: 'changed' });
    await turn();
    const read = (s: typeof a) => String(s.stream.read());
    const [fromA, fromB] = [read(a), read(b)];
    expect(fromA.startsWith(fromB)).toBe(true);
    expect(countOf(fromA, 'event: changed')).toBe(2);
    a.close();
    b.close();
  });

  it('a client that does not read gets its backlog dropped and one resync, then the frames sent after', async () => {
    const channel = openSseChannel({ maxBacklogBytes: 4_096, keepAliveMs: 60_000 });
    const frame = (n: number) => ({ kind: 'changed', n, pad: 'x'.repeat(200) });
    for (let n = 0; n < 2_000; n++) channel.send(frame(n), { event: 'changed' });
    // Bounded: the stream's own buffer plus at most the backlog limit, not 2,000 frames.
    expect(channel.stream.writableLength + channel.stream.readableLength).toBeLessThan(64 * 1024);
    expect(channel.dropped.resyncs).toBe(1);
    expect(channel.dropped.frames).toBeGreaterThan(1_000);

    const first = await drainNow(channel.stream);
    expect(countOf(first, RESYNC_FRAME)).toBe(1);
    expect(first.endsWith(RESYNC_FRAME)).toBe(true);
    channel.send(frame(9_999), { event: 'changed' });
    const after = await drainNow(channel.stream);
    expect(after).toContain('"n":9999');
    expect(countOf(after, 'resync')).toBe(0);
    channel.close();
  });

  it('a client that keeps up loses nothing', async () => {
    const channel = openSseChannel({ maxBacklogBytes: 4_096, keepAliveMs: 60_000 });
    let got = '';
    channel.stream.on('data', (chunk: Buffer) => (got += chunk.toString()));
    for (let n = 0; n < 500; n++) {
      channel.send({ n }, { event: 'changed' });
      if (n % 10 === 0) await turn();
    }
    await turn();
    expect(countOf(got, 'event: changed')).toBe(500);
    expect(channel.dropped).toEqual({ frames: 0, resyncs: 0 });
    channel.close();
  });
});
