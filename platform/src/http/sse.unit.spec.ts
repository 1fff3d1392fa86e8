import { pipeline, Writable, type Readable } from 'node:stream';
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

  it('once piped into the response, writes to it directly, in order, and still drops a backlog the client does not read', async () => {
    const channel = openSseChannel({ maxBacklogBytes: 4_096, keepAliveMs: 60_000 });
    let received = '';
    let reading = true;
    const held: (() => void)[] = [];
    const response = new Writable({
      highWaterMark: 1_024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.toString();
        if (reading) done();
        else held.push(done);
      },
    });
    const written: unknown[] = [];
    const write = response.write.bind(response);
    response.write = ((chunk: unknown, ...rest: never[]) => (written.push(chunk), write(chunk as Buffer, ...rest))) as typeof response.write;
    channel.send({ n: 0 }, { event: 'changed' }); // before the pipe: through the stream
    pipeline(channel.stream, response, () => undefined);
    await turn();
    let throughStream = 0;
    const streamWrite = channel.stream.write.bind(channel.stream);
    channel.stream.write = ((chunk: unknown, ...rest: never[]) => (throughStream++, streamWrite(chunk as Buffer, ...rest))) as typeof channel.stream.write;
    const shared = Buffer.from('event: changed\ndata: {"n":1}\n\n');
    channel.sendFrame(shared);
    await turn();
    expect(written).toContain(shared); // the fan-out's Buffer itself, not a copy through the PassThrough
    for (let n = 2; n < 50; n++) {
      channel.send({ n }, { event: 'changed' });
      if (n % 7 === 0) await turn();
    }
    await turn();
    expect([...received.matchAll(/"n":(\d+)/g)].map((m) => Number(m[1]))).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(throughStream).toBe(0);

    // The client stops reading: the response refuses, the backlog grows past its limit and is dropped.
    reading = false;
    received = '';
    const frame = (n: number) => ({ n, pad: 'x'.repeat(200) });
    for (let n = 100; n < 400; n++) {
      channel.send(frame(n), { event: 'changed' });
      if (n % 5 === 0) await turn();
    }
    await turn();
    expect(channel.dropped.resyncs).toBe(1);
    reading = true;
    for (const done of held.splice(0)) done();
    await turn();
    await turn();
    expect(countOf(received, RESYNC_FRAME)).toBe(1);
    channel.send(frame(999), { event: 'changed' });
    await turn();
    expect(received.endsWith(`event: changed\ndata: ${JSON.stringify(frame(999))}\n\n`)).toBe(true);
    channel.close();
  });
});
