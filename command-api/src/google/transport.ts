import { Agent, interceptors, request } from 'undici';

/** What the Google calls read of an answer; a fetch `Response` is one as it is. */
export interface HttpAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  /** Read it on every answer, even one that is not used: that is what frees the connection for the next call. */
  text(): Promise<string>;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export type HttpTransport = (url: string, call: HttpCall) => Promise<HttpAnswer>;

/** An injected fetch (tests' fakes): its `Response` is the answer as it is. */
export function fetchTransport(doFetch: typeof fetch): HttpTransport {
  return (url, { method, headers, body }) =>
    doFetch(url, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }) });
}

// One keep-alive pool for every Google call of the process, with the global fetch's settings:
// undici's defaults (300 s header and body timeouts), and redirects followed, at most 20, the
// Authorization header dropped on a move to another origin.
const pool = new Agent().compose(interceptors.redirect({ maxRedirections: 20 }));

/**
 * The default: undici's `request` on the shared pool, without fetch's WHATWG Request, Response
 * and streams (fetch was ~11 % of the event loop's CPU publishing template posts). 5,000 sequential JSON
 * POSTs through createGoogleHttp to a local server (Node 20.20, six alternated runs each): fetch
 * 555–741 µs of process CPU per call, this 175–239 µs.
 */
export const undiciTransport: HttpTransport = async (url, { method, headers, body }) => {
  const answer = await request(url, { method, headers, body: body ?? null, dispatcher: pool });
  const status = answer.statusCode;
  return {
    status,
    ok: status >= 200 && status <= 299,
    headers: {
      get(name) {
        const value = answer.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: () => answer.body.text(),
  };
};

export const transportOf = (doFetch: typeof fetch | undefined): HttpTransport => (doFetch ? fetchTransport(doFetch) : undiciTransport);
