import { PassThrough, type Writable } from 'node:stream';

export interface SseOptions {
  /** Keep-alive comment interval (spec: 10 s). */
  keepAliveMs?: number;
  /** Reconnect hint sent as `retry:`. */
  retryMs?: number;
  /**
   * Bytes a slow client may have waiting (beyond the stream's own buffers) before its backlog
   * is dropped and replaced by one `resync` event, sent once it reads again. Default 256 KiB.
   */
  maxBacklogBytes?: number;
}

export interface SseChannel {
  /** The body to hand to Koa; Koa destroys it when the client goes away. */
  readonly stream: PassThrough;
  readonly closed: boolean;
  send(data: unknown, options?: { event?: string; id?: string }): void;
  /**
   * Queues already serialized frames (see `sseFrame`): fan-outs serialize once for every
   * stream, and hand every stream the same bytes (one Buffer per fan-out and role).
   */
  sendFrame(frame: string | Buffer): void;
  /** Writes what waits now instead of at the end of the turn (a fan-out that times its writes). */
  flush(): void;
  /** Frames dropped and resyncs sent because the client read too slowly. */
  readonly dropped: { frames: number; resyncs: number };
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

/** The `resync` frame a slow client gets instead of the backlog it lost. */
export const RESYNC_FRAME = `event: resync\ndata: {"kind":"resync"}\n\n`;

/**
 * Frames by message object: a bus message delivered to N open streams is serialized once.
 * Only for frames without an id (those differ per stream).
 */
const framesByData = new WeakMap<object, Map<string, string>>();

/** One SSE frame for `data` (cached per message object when it has no id). */
export function sseFrame(data: unknown, options: { event?: string; id?: string } = {}): string {
  return frameOf(data, options.event, options.id);
}

/**
 * Channels with frames waiting, flushed together in one `setImmediate`: with 1,000 open
 * tabs a turn that brought messages costs one scheduled callback, not one per tab.
 */
const dueFlushes = new Set<() => void>();
let flushScheduled = false;
const flushDue = () => {
  flushScheduled = false;
  const due = [...dueFlushes];
  dueFlushes.clear();
  for (const flush of due) flush();
};
const scheduleFlush = (flush: () => void) => {
  dueFlushes.add(flush);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushDue);
  }
};

function frameOf(data: unknown, event: string | undefined, id: string | undefined): string {
  const cacheable = id === undefined && data !== null && typeof data === 'object';
  const byEvent = cacheable ? framesByData.get(data) : undefined;
  const cached = byEvent?.get(event ?? '');
  if (cached !== undefined) return cached;
  let frame = '';
  if (id !== undefined) frame += `id: ${oneLine(id)}\n`;
  if (event !== undefined) frame += `event: ${oneLine(event)}\n`;
  for (const line of JSON.stringify(data).split('\n')) frame += `data: ${line}\n`;
  frame += '\n';
  if (cacheable) {
    if (byEvent) byEvent.set(event ?? '', frame);
    else framesByData.set(data, new Map([[event ?? '', frame]]));
  }
  return frame;
}

/** One chunk of several frames (strings and shared Buffers). */
const joinChunks = (chunks: readonly (string | Buffer)[]): string | Buffer =>
  chunks.every((c) => typeof c === 'string') ? chunks.join('') : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));

/**
 * A server-sent-events stream with a retry hint and periodic keep-alive comments, written
 * with backpressure: frames of one event-loop turn go out in one write; once the stream
 * refuses more (the client is not reading), frames wait in a backlog; a backlog past
 * `maxBacklogBytes` is dropped whole and the client, when it reads again, gets one `resync`
 * event instead. The server never buffers without bound for a tab.
 */
export function openSseChannel(options: SseOptions = {}): SseChannel {
  const stream = new PassThrough();
  const listeners: (() => void)[] = [];
  const maxBacklog = options.maxBacklogBytes ?? 256 * 1024;
  const dropped = { frames: 0, resyncs: 0 };
  let closed = false;
  // Frames wait here for the next turn of the event loop (or for 'drain' when the client
  // is slow): one socket write per tab per turn, however many messages the turn brought.
  let pending: (string | Buffer)[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  let waiting = false; // a write was refused: hold until 'drain'
  let resyncDue = false;
  // The response Koa pipes the stream into. Once the stream holds nothing, frames are written
  // to it directly: with 1,000 tabs, going through the PassThrough (a Transform, a push and a
  // 'data' event per write) and encoding each tab's string again cost more user CPU than the
  // socket writes (docs/performance.md, Live fan-out).
  let response: Writable | null = null;
  const pipe = stream.pipe.bind(stream);
  stream.pipe = <T extends NodeJS.WritableStream>(destination: T, opts?: { end?: boolean }): T => {
    response = destination as unknown as Writable;
    return pipe(destination, opts);
  };
  const out = (): Writable | null => {
    if (!response || stream.readableLength > 0 || stream.writableLength > 0) return stream.writable ? stream : null;
    return response.writable && !response.destroyed && !response.writableEnded ? response : null;
  };
  const onDrain = () => {
    waiting = false;
    flush();
  };
  const writeTo = (target: Writable, chunk: string | Buffer): boolean => {
    if (target.write(chunk)) return true;
    waiting = true;
    target.once('drain', onDrain);
    return false;
  };

  function flush() {
    scheduled = false;
    if (closed || waiting) return;
    const target = out();
    if (!target) return;
    if (resyncDue) {
      resyncDue = false;
      if (!writeTo(target, RESYNC_FRAME)) return;
    }
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : joinChunks(pending);
    pending = [];
    pendingBytes = 0;
    writeTo(target, chunk);
  }

  const write = (chunk: string | Buffer) => {
    if (closed || !stream.writable) return;
    if (resyncDue) {
      dropped.frames++;
      return;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes > maxBacklog) {
      dropped.frames += pending.length;
      dropped.resyncs++;
      pending = [];
      pendingBytes = 0;
      resyncDue = true;
    }
    if (!waiting && !scheduled) {
      scheduled = true;
      scheduleFlush(flush);
    }
  };

  const keepAlive = setInterval(() => write(': keep-alive\n\n'), options.keepAliveMs ?? 10_000);
  keepAlive.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    pending = [];
    dueFlushes.delete(flush);
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
    dropped,
    send(data, opts = {}) {
      if (closed) return;
      write(frameOf(data, opts.event, opts.id));
    },
    sendFrame(frame) {
      write(frame);
    },
    flush() {
      if (!scheduled) return;
      dueFlushes.delete(flush);
      flush();
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
