import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './http-app';
import { defaultBodyLimits, multipartBody } from './body';
import { listen, memoryLogger } from './testing';

/** A multipart body with `fields` text fields. */
function multipart(fields: number): { type: string; body: Buffer } {
  const boundary = '----locus-test-boundary';
  const parts = Array.from({ length: fields }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue ${i}\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

/** A multipart body with `files` files of `bytes` bytes each. */
function files(count: number, bytes: number): { type: string; body: Buffer } {
  const boundary = '----locus-test-boundary';
  const content = Buffer.alloc(bytes, 120);
  const parts = Array.from({ length: count }, (_, i) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="f${i}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]),
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]) };
}

/** Writes `requests` on one connection at once (HTTP/1.1 pipelining) and reads the status of each answer. */
function pipelined(port: number, requests: Buffer[]): Promise<{ statuses: number[]; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let error: string | null = null;
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => resolve({ statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])), error }));
    socket.once('connect', () => {
      for (const r of requests) socket.write(r);
    });
    setTimeout(() => socket.end(), 3000).unref();
  });
}

const get = (path: string, last = false) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: t\r\n${last ? 'Connection: close\r\n' : ''}\r\n`);
const post = (path: string, form: { type: string; body: Buffer }) =>
  Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: ${form.type}\r\nContent-Length: ${form.body.length}\r\n\r\n`), form.body]);

describe('a refused multipart upload', () => {
  let running: Awaited<ReturnType<typeof listen>>;
  let port: number;
  beforeAll(async () => {
    const { app } = createHttpApp({
      logger: memoryLogger('fatal').logger,
      readiness: {},
      mount: (router) => {
        router.post('/upload', multipartBody({ ...defaultBodyLimits }), async (ctx) => {
          ctx.body = { fields: Object.keys(ctx.request.body as object).length };
        });
        router.get('/ping', async (ctx) => {
          ctx.body = { pong: true };
        });
      },
    });
    running = await listen(app);
    port = (running.server.address() as AddressInfo).port;
  });
  afterAll(() => running?.close());

  it('answers 413 for too many fields and leaves the other requests on that connection alone', async () => {
    const tooMany = multipart(1500);
    const { statuses, error } = await pipelined(port, [get('/ping'), post('/upload', tooMany), get('/ping'), get('/ping'), get('/ping', true)]);
    expect(error).toBeNull();
    expect(statuses).toEqual([200, 413, 200, 200, 200]);
  });

  it('answers 413 to concurrent clients and 200 to the others, none reset', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        pipelined(
          port,
          i % 4 === 0 ? [post('/upload', i % 8 === 0 ? multipart(1500) : files(40, 128 * 1024)), get('/ping', true)] : [get('/ping'), get('/ping', true)],
        ),
      ),
    );
    expect(results.filter((r) => r.error !== null)).toEqual([]);
    results.forEach((r, i) => expect(r.statuses).toEqual(i % 4 === 0 ? [413, 200] : [200, 200]));
  });

  it('answers 413 for too many files while the rest of the upload is still arriving, and the next requests on the connection are answered', async () => {
    const { statuses, error } = await pipelined(port, [post('/upload', files(60, 256 * 1024)), get('/ping'), get('/ping', true)]);
    expect(error).toBeNull();
    expect(statuses).toEqual([413, 200, 200]);
  });

  it('still takes a multipart body within the limits', async () => {
    const { statuses } = await pipelined(port, [post('/upload', multipart(10)), get('/ping', true)]);
    expect(statuses).toEqual([200, 200]);
  });
});
