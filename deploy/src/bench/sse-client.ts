import http from 'node:http';
import type { LiveMessage } from '@locus/contracts';

type Message = LiveMessage & { collection?: string; ids?: string[]; many?: boolean };

/** A minimal fetch-based SSE reader for the benchmark: resolves waiters on matching messages. */
export async function openSse(url: string, token: string, onMessage?: (m: Message) => void) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`SSE answered ${res.status}`);
  const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  const state = { lastArrival: 0 };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (!data) continue;
          const now = performance.now();
          const msg = JSON.parse(data) as Message;
          onMessage?.(msg);
          const i = waiters.findIndex((w) => w.match(msg));
          if (i >= 0) {
            state.lastArrival = now;
            waiters.splice(i, 1)[0].resolve(msg);
          }
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    waitFor(match: (m: Message) => boolean): Promise<Message> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no SSE message within 10 s')), 10_000);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    get lastArrival() {
      return state.lastArrival;
    },
    close: () => controller.abort(),
  };
}

/**
 * A lighter SSE reader for many tabs at once (node:http, no web streams): hands each message
 * to `onMessage`. One load-client process holds 1,000 of them next to the server on a
 * 2-core machine, so it must cost little.
 */
export function openSseTab(url: string, token: string, agent: http.Agent, onMessage: (m: Message) => void): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.get(
      { agent, host: target.hostname, port: target.port, path: target.pathname, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const at = block.indexOf('data: ');
            if (at >= 0) onMessage(JSON.parse(block.slice(at + 6)) as Message);
          }
        });
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}
