import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { invalidInput } from './errors';

/**
 * Requests the server makes on a tenant's word (a company's LLM base URL, a media URL): only
 * http(s), never to loopback, link-local, private or other special ranges unless the operator
 * allows them (LOCUS_ALLOW_PRIVATE_URLS, on with the sandbox). The address is checked where
 * the socket connects (the lookup the request uses), so a name that resolves differently the
 * second time cannot slip through; every redirect is checked again.
 */
export interface OutboundPolicy {
  allowPrivate: boolean;
}

export type OutboundRefusal = 'scheme' | 'address' | 'unresolved' | 'redirects' | 'credentials';

/** A URL refused by the policy. The message names the rule, never the address or a remote answer. */
export class OutboundUrlError extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(OUTBOUND_MESSAGES[reason]);
    this.name = 'OutboundUrlError';
  }
}

const OUTBOUND_MESSAGES: Record<OutboundRefusal, string> = {
  scheme: 'The URL must start with http:// or https://',
  address: 'The URL points to a private, loopback or link-local address',
  unresolved: 'The URL’s host name could not be resolved',
  redirects: 'The URL redirected too many times',
  credentials: 'The URL must not contain a user name or password',
};

const MAX_REDIRECTS = 5;

/** Ranges no tenant URL may reach (RFC 6890 special-purpose, private, loopback, link-local, multicast). */
const blocked = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64), if any. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a tenant URL may reach this IP address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return !blocked.check(v4, 'ipv4');
  return !blocked.check(address, 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** What can be said of a URL without resolving it: scheme, credentials, a literal address. Throws OutboundUrlError. */
export function checkOutboundUrl(raw: string | URL, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlError('scheme');
  if (url.username || url.password) throw new OutboundUrlError('credentials');
  const host = hostOf(url);
  if (!policy.allowPrivate && net.isIP(host) && !isPublicAddress(host)) throw new OutboundUrlError('address');
  if (!policy.allowPrivate && /^localhost\.?$|\.localhost\.?$/i.test(host)) throw new OutboundUrlError('address');
  return url;
}

/** Resolves a URL's host and checks every address it has (for checks ahead of a request, e.g. when the URL is saved). */
export async function checkOutboundUrlResolved(raw: string | URL, policy: OutboundPolicy): Promise<URL> {
  const url = checkOutboundUrl(raw, policy);
  if (policy.allowPrivate || net.isIP(hostOf(url))) return url;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostOf(url), { all: true, verbatim: true });
  } catch {
    throw new OutboundUrlError('unresolved');
  }
  if (addresses.length === 0) throw new OutboundUrlError('unresolved');
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new OutboundUrlError('address');
  return url;
}

/**
 * A URL a company gives for the server or Google to fetch, checked (resolved) before it is
 * stored: a refusal is a 400 naming the field as the user sees it. Locus's own uploads
 * (a path such as /media/...) are the operator's and pass.
 */
export async function checkTenantUrl(raw: string, policy: OutboundPolicy, field: string): Promise<void> {
  if (raw.startsWith('/') && !raw.startsWith('//')) return;
  try {
    await checkOutboundUrlResolved(raw, policy);
  } catch (err) {
    if (err instanceof OutboundUrlError) throw invalidInput([{ field, message: `${field}: ${err.message}` }]);
    throw err;
  }
}

/** The socket's lookup: resolves as usual, then refuses the connection if any answer is not public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0) return callback(new OutboundUrlError('unresolved'), '', 0);
    if (list.some((a) => !isPublicAddress(a.address))) return callback(new OutboundUrlError('address'), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

type FetchInput = string | URL | Request;

function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('outboundFetch sends string or byte bodies only');
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

function requestOnce(url: URL, method: string, headers: Headers, body: string | Uint8Array | undefined, policy: OutboundPolicy, signal?: AbortSignal | null) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, {
      method,
      headers: Object.fromEntries(headers),
      ...(policy.allowPrivate ? {} : { lookup: checkedLookup }),
      ...(signal ? { signal } : {}),
    });
    req.once('response', resolve);
    req.once('error', (err) => reject(err instanceof OutboundUrlError ? err : Object.assign(new Error('The request could not be sent'), { cause: err })));
    req.end(body);
  });
}

function toResponse(res: http.IncomingMessage, url: URL): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const status = res.statusCode ?? 502;
  const noBody = status === 204 || status === 304;
  if (noBody) res.resume();
  const response = new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: url.toString() });
  return response;
}

/**
 * A `fetch` for tenant URLs under the policy: checks the URL, connects only to checked
 * addresses, and follows up to five redirects, checking each (a redirect to another origin
 * drops the Authorization header). Refusals throw OutboundUrlError.
 */
export function outboundFetch(policy: OutboundPolicy): (input: FetchInput, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    let url = checkOutboundUrl(input instanceof Request ? input.url : input, policy);
    let method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    let body = bodyOf(init.body);
    for (let hop = 0; ; hop++) {
      const res = await requestOnce(url, method, headers, body, policy, init.signal);
      const location = res.headers.location;
      if (!isRedirect(res.statusCode ?? 0) || !location || init.redirect === 'manual') return toResponse(res, url);
      res.resume();
      if (init.redirect === 'error' || hop >= MAX_REDIRECTS) throw new OutboundUrlError('redirects');
      const next = checkOutboundUrl(new URL(location, url), policy);
      if (next.origin !== url.origin) headers.delete('authorization');
      if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  };
}
