import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@locus/contracts';
import { createLiveClient, type LiveStatus } from './live-client';

/** A response whose body the test writes to, chunk by chunk. */
const streamingResponse = (status = 200) => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
};

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('live client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token, delivers messages and ignores keep-alive comments', async () => {
    const stream = streamingResponse();
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => stream.response);
    const messages: LiveMessage[] = [];
    const client = createLiveClient({
      url: '/api/live',
      getToken: () => 'tok',
      onMessage: (m) => messages.push(m),
      onUnauthorized: () => undefined,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    client.start();
    await flush();
    stream.write(': keep-alive\n\n');
    stream.write('event: changed\ndata: {"kind":"changed","collection":"users","ids":["u1"],"many":false,"companyId":"c1","position":3}\n\n');
    stream.write('event: notification\ndata: {"kind":"notification","name":"N","payload":1}\n\n');
    await flush();
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(messages).toEqual([
      { kind: 'changed', collection: 'users', ids: ['u1'], many: false, companyId: 'c1', position: 3 },
      { kind: 'notification', name: 'N', payload: 1 },
    ]);
    client.stop();
  });

  it('stops and reports a 401', async () => {
    const onUnauthorized = vi.fn();
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
    const client = createLiveClient({ url: '/api/live', getToken: () => 'tok', onMessage: () => undefined, onUnauthorized, fetchImpl });
    client.start();
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reconnects with backoff after failures and tells when it is back', async () => {
    const statuses: LiveStatus[] = [];
    const onReconnected = vi.fn();
    const first = streamingResponse();
    const second = streamingResponse();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(first.response)
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(second.response);
    const client = createLiveClient({
      url: '/api/live',
      getToken: () => 'tok',
      onMessage: () => undefined,
      onUnauthorized: () => undefined,
      onStatus: (s) => statuses.push(s),
      onReconnected,
      fetchImpl,
      random: () => 0,
    });
    client.start();
    await flush();
    first.end(); // server closed the stream
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000); // attempt 0 → 1 s, fails
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // attempt 1 → 2 s
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(statuses).toContain('waiting');
    expect(statuses.at(-1)).toBe('open');
    client.stop();
  });

  it('drops a stream that stays silent past the keep-alive window', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const client = createLiveClient({
      url: '/api/live',
      getToken: () => 'tok',
      onMessage: () => undefined,
      onUnauthorized: () => undefined,
      fetchImpl,
      random: () => 0,
    });
    client.start();
    await flush();
    await vi.advanceTimersByTimeAsync(20_000);
    first.write(': keep-alive\n\n'); // resets the window
    await flush();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000); // 30 s of silence: aborted
    await flush();
    await vi.advanceTimersByTimeAsync(1_000); // backoff 1 s
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it("waits the server's retry hint before the first reconnect", async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const client = createLiveClient({
      url: '/api/live',
      getToken: () => 'tok',
      onMessage: () => undefined,
      onUnauthorized: () => undefined,
      fetchImpl,
      random: () => 0,
    });
    client.start();
    await flush();
    first.write('retry: 5000\n\n');
    await flush();
    first.end();
    await flush();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('does not connect without a token', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const client = createLiveClient({ url: '/api/live', getToken: () => null, onMessage: () => undefined, onUnauthorized: () => undefined, fetchImpl });
    client.start();
    await flush();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
