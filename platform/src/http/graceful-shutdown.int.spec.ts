import { describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from './http-app';
import { openSseChannel, SSE_HEADERS } from './sse';
import { listen, memoryLogger, sseReader } from './testing';
import { SHUTDOWN_EVENT } from './graceful-shutdown';
import { shutdownTimeoutMs } from '../config/serve';

/** An app with a request that waits for `release()` and an event stream. */
async function startApp() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let neverEntered!: () => void;
  const insideNever = new Promise<void>((resolve) => (neverEntered = resolve));
  const { app, drain } = createHttpApp({
    logger: memoryLogger('warn').logger,
    readiness: {},
    mount: (router) => {
      router.get('/slow', async (ctx) => {
        await gate;
        ctx.body = { done: true };
      });
      router.get('/never', async () => {
        neverEntered();
        return new Promise<void>(() => {});
      });
      router.get('/events', async (ctx) => {
        const channel = openSseChannel();
        ctx.set(SSE_HEADERS);
        ctx.body = channel.stream;
        channel.send({ hello: true }, { event: 'hello' });
      });
    },
  });
  const running = await listen(app);
  return { ...running, app, drain, release, insideNever };
}

/** A raw HTTP/1.1 exchange on a socket opened before the shutdown. */
function rawRequest(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
  });
}

describe('graceful shutdown', () => {
  it('answers /ready 503, ends event streams with a final event and lets in-flight requests finish', async () => {
    const { server, baseUrl, drain, release } = await startApp();
    const events = sseReader(await fetch(`${baseUrl}/events`));
    expect((await events.nextData())?.event).toBe('hello');
    const inFlight = fetch(`${baseUrl}/slow`);
    const idleSocket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => idleSocket.once('connect', resolve));
    // Wait until the slow request is inside its handler.
    while ((await new Promise<number>((r) => server.getConnections((_, n) => r(n)))) < 3) await new Promise((r) => setImmediate(r));

    const stopped = drain.shutdown(server, { timeoutMs: 5000 });
    expect(drain.draining).toBe(true);

    const final = await events.nextData();
    expect(final?.event).toBe(SHUTDOWN_EVENT);
    expect(await events.next()).toBeNull();

    // While a request is in flight, a new request is refused with an answer, not a reset;
    // a socket accepted before is served, told not ready, and closed.
    const refused = await fetch(`${baseUrl}/slow`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ Success: false, ApiError: { ErrorCode: 'SERVER.STOPPING' } });
    const answer = await rawRequest(idleSocket, '/ready');
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/Connection: close/);
    expect(answer).toMatch(/"status":"stopping"/);

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ done: true });
    expect(await stopped).toEqual({ cut: 0 });
    // Once the last request is answered the listener closes.
    await expect(fetch(`${baseUrl}/health`)).rejects.toThrow();
  });

  it('answers /ready 503 from the moment the drain begins', async () => {
    const { server, app, drain } = await startApp();
    // A second listener on the same app: the first one no longer accepts connections.
    const other = await listen(app);
    expect((await fetch(`${other.baseUrl}/ready`)).status).toBe(200);
    const stopped = drain.shutdown(server, { timeoutMs: 5000 });
    const ready = await fetch(`${other.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ Success: false, status: 'stopping' });
    expect(await stopped).toEqual({ cut: 0 });
    await other.close();
  });

  it('cuts a request that does not finish within the bound', async () => {
    const { server, baseUrl, drain, insideNever } = await startApp();
    const never = fetch(`${baseUrl}/never`).catch((err: Error) => err);
    await insideNever;
    const started = Date.now();
    expect(await drain.shutdown(server, { timeoutMs: 200 })).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await never).toBeInstanceOf(Error);
  });

  it('bounds in-flight requests by LOCUS_SHUTDOWN_TIMEOUT_MS (10 s by default) and names a bad value', () => {
    expect(shutdownTimeoutMs({})).toBe(10_000);
    expect(shutdownTimeoutMs({ LOCUS_SHUTDOWN_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(() => shutdownTimeoutMs({ LOCUS_SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(/^LOCUS_SHUTDOWN_TIMEOUT_MS: must be a whole number/);
  });
});
