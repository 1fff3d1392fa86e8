import { ErrorEnvelopeSchema, fillPath, type ErrorEnvelope, type HttpMethod, type RequestOptions, type RouteDef, type RouteResponse } from '@locus/contracts';

/*
 * Requests to routes of the contracts' route table, typed by the route's schemas as the web
 * client's `requestFor` is: the test stack's `send`, and `routeClient` for a server the test
 * started some other way (a child process, the all-in-one server).
 */

/** What a request to a route sends besides its parts: the caller's token and extra headers. */
export type SendOptions<R extends RouteDef> = RequestOptions<R> & { token?: string | null; headers?: Record<string, string> };

/** The options are optional when every part of the route is. */
export type SendArgs<R extends RouteDef> = object extends RequestOptions<R> ? [SendOptions<R>?] : [SendOptions<R>];

/** A route's answer: its success body typed by the route's response schema, or its error envelope. */
export interface RouteAnswer<R extends RouteDef> {
  status: number;
  /** The success answer; reading it on a non-2xx answer throws with the status and text. */
  readonly body: RouteResponse<R>;
  /** The error envelope of a non-2xx answer (null on success, or when the body is not an envelope). */
  error: ErrorEnvelope | null;
  text: string;
  headers: Headers;
  /** X-Position of a command (0 when absent). */
  position: number;
}

/** A query string from a route's query part: arrays repeat their key, empty values are left out. */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, unknown][]) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The HTTP request for a route: method, path with params and query filled in, JSON body or form. */
export function routeRequest<R extends RouteDef>(route: R, options: SendOptions<R> | undefined) {
  const { params, query, body, token, headers } = (options ?? {}) as {
    params?: Record<string, string | number | boolean | null | undefined>;
    query?: object;
    body?: unknown;
    token?: string | null;
    headers?: Record<string, string>;
  };
  return {
    method: route.method as HttpMethod,
    path: `${fillPath(route.path, params)}${queryString(query)}`,
    token: token ?? null,
    headers,
    ...(body instanceof FormData ? { form: body } : { body }),
  };
}

/** Reads an HTTP answer as a route's: the body is readable as the success answer only when it is one. */
export function routeAnswer<R extends RouteDef>(answer: { status: number; body: unknown; text: string; headers: Headers; position: number }): RouteAnswer<R> {
  const success = answer.status >= 200 && answer.status < 300;
  const envelope = success ? null : ErrorEnvelopeSchema.safeParse(answer.body);
  const read = {
    status: answer.status,
    error: envelope?.success ? envelope.data : null,
    text: answer.text,
    headers: answer.headers,
    position: answer.position,
  };
  return Object.defineProperty(read, 'body', {
    enumerable: false,
    get() {
      if (!success) throw new Error(`expected a success answer but got ${answer.status}: ${answer.text}`);
      return answer.body;
    },
  }) as RouteAnswer<R>;
}

/** Sends one HTTP request and reads its answer (JSON parsed when it is JSON). */
export async function sendHttp(
  url: string,
  init: { method: string; token?: string | null; body?: unknown; form?: FormData; headers?: Record<string, string> },
): Promise<{ status: number; body: unknown; text: string; headers: Headers; position: number }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(url, { method: init.method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers, position: Number(res.headers.get('x-position') ?? 0) };
}

/**
 * Routes of a server the test started itself (a child process): `baseUrl` is read on every
 * request, so a restarted server is followed; it is given the route, so commands and queries
 * can go to two servers.
 */
export function routeClient(baseUrl: (route: RouteDef) => string, defaults: { token?: string | null } = {}) {
  return {
    async send<const R extends RouteDef>(route: R, ...[options]: SendArgs<R>): Promise<RouteAnswer<R>> {
      const request = routeRequest(route, options);
      const token = options && 'token' in options ? request.token : (defaults.token ?? null);
      return routeAnswer<R>(await sendHttp(`${baseUrl(route)}${request.path}`, { ...request, token }));
    },
  };
}

/**
 * A JSON request to a server outside the route table (the sandbox's hooks and its Google APIs);
 * the caller names the shape it reads.
 */
export async function requestJson<T = unknown>(
  url: string,
  init: { method?: string; token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; text: string; headers: Headers }> {
  const answer = await sendHttp(url, { ...init, method: init.method ?? 'GET' });
  return { status: answer.status, body: answer.body as T, text: answer.text, headers: answer.headers };
}

/** A value a test sends on purpose against the route's schema, to see it refused by field. */
export const invalid = (value: unknown): never => value as never;

/**
 * A request as it goes on the wire, body and headers untouched (malformed JSON, gzip or chunked
 * bodies, unknown paths and methods): for specs of the HTTP kit itself.
 */
export function rawRequest(url: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(url, { ...rest, headers });
}
