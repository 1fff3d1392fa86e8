import { PassThrough } from 'node:stream';

export interface SseOptions {
  /** Keep-alive comment interval (spec: 10 s). */
  keepAliveMs?: number;
  /** Reconnect hint sent as `retry:`. */
  retryMs?: number;
}

export interface SseChannel {
  /** The body to hand to Koa; Koa destroys it when the client goes away. */
  readonly stream: PassThrough;
  readonly closed: boolean;
  send(data: unknown, options?: { event?: string; id?: string }): void;
  comment(text: string): void;
  close(): void;
  /** Runs once when the stream ends for any reason (client gone, server close). */
  onClose(listener: () => void): void;
}

export const SSE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A server-sent-events stream with a retry hint and periodic keep-alive comments. */
export function openSseChannel(options: SseOptions = {}): SseChannel {
  const stream = new PassThrough();
  const listeners: (() => void)[] = [];
  let closed = false;

  const write = (chunk: string) => {
    if (!closed && stream.writable) stream.write(chunk);
  };
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), options.keepAliveMs ?? 10_000);
  keepAlive.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    for (const listener of listeners.splice(0)) listener();
  };
  stream.on('close', finish);
  stream.on('error', finish);

  write(`retry: ${options.retryMs ?? 3000}\n\n`);

  return {
    stream,
    get closed() {
      return closed;
    },
    send(data, opts = {}) {
      let frame = '';
      if (opts.id) frame += `id: ${oneLine(opts.id)}\n`;
      if (opts.event) frame += `event: ${oneLine(opts.event)}\n`;
      for (const line of JSON.stringify(data).split('\n')) frame += `data: ${line}\n`;
      write(`${frame}\n`);
    },
    comment(text) {
      write(`: ${oneLine(text)}\n\n`);
    },
    close() {
      if (!closed) stream.end();
      finish();
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
