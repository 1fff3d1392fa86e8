import { createSseParser } from './sse-parser';
import { toLiveMessage } from './live-message';
import { reconnectDelayMs, STALE_STREAM_AFTER_MS } from './reconnect-policy';
import type { LiveMessage } from '@locus/contracts';

export type LiveStatus = 'connecting' | 'open' | 'waiting' | 'closed';

export interface LiveClientOptions {
  url: string;
  /** Current bearer token; null stops the client (signed out). */
  getToken: () => string | null;
  onMessage: (message: LiveMessage) => void;
  /** The stream answered 401: the session is over. */
  onUnauthorized: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** After a reconnect some changes may have been missed: refetch what is on screen. */
  onReconnected?: () => void;
  fetchImpl?: typeof fetch;
  random?: () => number;
}

export interface LiveClient {
  start(): void;
  stop(): void;
}

/**
 * SSE over fetch so the bearer header can be sent (EventSource cannot set headers).
 * Reconnects with backoff; a stream silent for 3 keep-alive periods is dropped and reopened.
 */
export const createLiveClient = (opts: LiveClientOptions): LiveClient => {
  const doFetch = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const random = opts.random ?? Math.random;
  let stopped = true;
  let attempt = 0;
  let everOpened = false;
  let controller: AbortController | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let staleTimer: ReturnType<typeof setTimeout> | null = null;
  let serverRetryMs: number | undefined;
  let lastEventId: string | undefined;

  const setStatus = (s: LiveStatus) => opts.onStatus?.(s);

  // aborting the request also errors its body in browsers; cancelling the reader makes sure
  const abortCurrent = () => {
    controller?.abort();
    void reader?.cancel().catch(() => undefined);
  };

  const clearStale = () => {
    if (staleTimer) clearTimeout(staleTimer);
    staleTimer = null;
  };
  const armStale = () => {
    clearStale();
    staleTimer = setTimeout(abortCurrent, STALE_STREAM_AFTER_MS);
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    setStatus('waiting');
    const delay = serverRetryMs !== undefined && attempt === 0 ? serverRetryMs : reconnectDelayMs(attempt, random());
    attempt++;
    retryTimer = setTimeout(connect, delay);
  };

  const connect = async () => {
    retryTimer = null;
    if (stopped) return;
    const token = opts.getToken();
    if (!token) {
      stop();
      return;
    }
    setStatus('connecting');
    const ctrl = new AbortController();
    controller = ctrl;
    const parser = createSseParser();
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const res = await doFetch(opts.url, { headers, signal: ctrl.signal, cache: 'no-store' });
      if (res.status === 401) {
        stop();
        opts.onUnauthorized();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
      setStatus('open');
      const reconnected = everOpened;
      everOpened = true;
      attempt = 0;
      if (reconnected) opts.onReconnected?.();
      armStale();
      const bodyReader = res.body.getReader();
      reader = bodyReader;
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await bodyReader.read();
        if (done) break;
        armStale();
        const items = parser.feed(decoder.decode(value, { stream: true }));
        serverRetryMs = parser.retryMs() ?? serverRetryMs;
        for (const item of items) {
          if (item.kind !== 'event') continue; // comments only keep the stream alive
          if (item.event.id !== undefined) lastEventId = item.event.id;
          const msg = toLiveMessage(item.event);
          if (msg) opts.onMessage(msg);
        }
      }
    } catch {
      // network error, abort on stale stream, or stop(): reconnect unless stopped
    } finally {
      clearStale();
      if (controller === ctrl) {
        controller = null;
        reader = null;
      }
    }
    scheduleReconnect();
  };

  const stop = () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    clearStale();
    abortCurrent();
    controller = null;
    reader = null;
    setStatus('closed');
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      void connect();
    },
    stop,
  };
};
