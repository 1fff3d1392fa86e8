import http from 'node:http';
import https from 'node:https';

/** What the Google client reads of an answer; a fetch `Response` has it too. */
export interface GoogleHttpResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface GoogleHttpInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** One HTTP exchange of the Google client; the global `fetch` is one too (tests pass their own). */
export type GoogleTransport = (url: string, init: GoogleHttpInit) => Promise<GoogleHttpResponse>;

/**
 * Kept-alive connections. A pooled connection is closed before the server's announced keep-alive
 * timeout (Node reads the `Keep-Alive: timeout=` hint when a socket timeout is set), so a request
 * is not sent on a connection the server is closing.
 */
const IDLE_SOCKET_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/**
 * Google's calls over Node's own HTTP client: the global fetch (undici with web streams) cost
 * about three times its CPU per call (docs/performance.md). Answers are read whole as UTF-8 text.
 */
export const nodeTransport: GoogleTransport = (url, init) =>
  new Promise<GoogleHttpResponse>((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!client) return reject(new TypeError(`Unsupported protocol ${target.protocol}`));
    const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : init.body;
    const headers = body ? { ...init.headers, 'content-length': String(body.byteLength) } : init.headers;
    const req = client.request(target, { method: init.method, headers, agent: agents[target.protocol as keyof typeof agents] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('close', () => {
        if (!res.complete) reject(new Error('The connection closed before the answer was complete'));
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: {
            get(name) {
              const value = res.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
          },
          text: async () => text,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
