import http from 'node:http';
import https from 'node:https';

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
/** Statuses whose answer has no body (a Response with one would throw). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * The part of `fetch` the Google client uses (a method, headers, a string or byte body; the
 * answer's status, headers and text) over Node's own HTTP client with kept-alive connections.
 * Node's global fetch (undici with web streams) cost about a quarter of the server's CPU per
 * template post (docs/performance.md, Post templates).
 */
export const nodeFetch: typeof fetch = (input, init) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body = init?.body;
    if (body instanceof URLSearchParams) {
      // As fetch sends a form (the token endpoint's refresh).
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
      body = body.toString();
    }
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      reject(new TypeError('nodeFetch sends only string, form and byte bodies'));
      return;
    }
    const req = client.request(url, { method: init?.method ?? 'GET', headers, agent: agents[client === https ? 'https' : 'http'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const answer = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) answer.append(key, v);
          else if (value !== undefined) answer.set(key, value);
        }
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: answer }));
      });
    });
    req.on('error', (err) => reject(new TypeError('fetch failed', { cause: err })));
    if (body !== undefined && body !== null) req.end(body);
    else req.end();
  });
