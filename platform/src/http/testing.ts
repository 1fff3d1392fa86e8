import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { createLogger } from './logging';

/** Starts a Koa app on an ephemeral port (tests and tools). */
export async function listen(app: Koa): Promise<{ server: Server; baseUrl: string; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A logger whose JSON lines are kept in memory, for asserting what is (not) logged. */
export function memoryLogger(level = 'debug'): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const logger = createLogger({ level, destination: { write: (chunk: string) => void chunks.push(chunk) } });
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => chunks.join(''),
  };
}

/** A clock tests can move. */
export function manualClock(start = new Date('2025-01-15T10:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface SseFrame {
  event?: string;
  data?: string;
  id?: string;
  retry?: number;
  comment?: string;
}

/** Reads server-sent-event frames from a fetch Response, one at a time (tests). */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseFrame => {
    const frame: SseFrame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) frame.comment = line.slice(1).trim();
      else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
        else if (field === 'event') frame.event = value;
        else if (field === 'id') frame.id = value;
        else if (field === 'retry') frame.retry = Number(value);
      }
    }
    return frame;
  };
  return {
    async next(): Promise<SseFrame | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return parse(block);
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** Next frame carrying data (skips comments and retry hints). */
    async nextData(): Promise<SseFrame | null> {
      for (;;) {
        const frame = await this.next();
        if (!frame || frame.data !== undefined) return frame;
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
