import type Koa from 'koa';
import { hashString } from '../../kit/rng';
import { invalidArgument } from '../errors';
import type { Json, JsonObject } from '../state';

export function queryString(ctx: Koa.Context, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = ctx.query[name];
    if (Array.isArray(v)) return v[0];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

export function queryList(ctx: Koa.Context, name: string): string[] {
  const v = ctx.query[name] ?? ctx.query[`${name}[]`];
  const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return list
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean);
}

export function queryBool(ctx: Koa.Context, name: string): boolean {
  const v = queryString(ctx, name);
  return v === 'true' || v === '1';
}

/** pageSize: default when absent, 400 when not a positive integer, capped at max (as Google does). */
export function pageSize(ctx: Koa.Context, defaultSize: number, max: number): number {
  return sizeOf(queryString(ctx, 'pageSize', 'page_size'), defaultSize, max);
}

/** The same rule for a page size given in a request body. */
export function sizeOf(raw: string | undefined, defaultSize: number, max: number): number {
  if (raw === undefined || raw === '' || raw === '0') return defaultSize;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw invalidArgument(`Invalid value at 'page_size' (TYPE_INT32), "${raw}"`, [{ field: 'pageSize', description: 'must be a positive integer' }]);
  return Math.min(n, max);
}

/** Page tokens carry the offset and a fingerprint of the query they belong to. */
export function readPageToken(ctx: Koa.Context, fingerprint: string): number {
  return decodePageToken(queryString(ctx, 'pageToken', 'page_token'), fingerprint);
}

export function decodePageToken(token: string | undefined, fingerprint: string): number {
  if (!token) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o: number; f: number };
    if (typeof parsed.o !== 'number' || parsed.o < 0) throw new Error('bad');
    if (parsed.f !== hashString(fingerprint))
      throw invalidArgument('The page token does not match the original request parameters.', [
        { field: 'pageToken', description: 'does not match the request' },
      ]);
    return parsed.o;
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('The page token')) throw e;
    throw invalidArgument('Invalid page token.', [{ field: 'pageToken', description: 'is not a token returned by this API' }]);
  }
}

export function pageOf<T>(items: readonly T[], offset: number, size: number, fingerprint: string): { page: T[]; nextPageToken?: string } {
  const page = items.slice(offset, offset + size);
  const next = offset + size;
  return next < items.length ? { page, nextPageToken: Buffer.from(JSON.stringify({ o: next, f: hashString(fingerprint) })).toString('base64url') } : { page };
}

export function parseFieldMask(mask: string | undefined, param: string, allowedTop: readonly string[]): string[] | undefined {
  if (mask === undefined) return undefined;
  const paths = mask
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of paths) {
    const top = p.split('.')[0]!;
    if (!allowedTop.includes(top)) {
      throw invalidArgument(`Invalid field mask path in '${param}': "${p}".`, [{ field: param, description: `"${p}" is not a field of the resource` }]);
    }
  }
  return paths;
}

export function getPath(obj: JsonObject, path: string): Json | undefined {
  let cur: Json | undefined = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as JsonObject)[part];
  }
  return cur;
}

export function setPath(obj: JsonObject, path: string, value: Json | undefined): void {
  const parts = path.split('.');
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
    const next = cur[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[part] = {};
    cur = cur[part] as JsonObject;
  }
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

/** Keeps only the masked paths of a JSON object. */
export function applyMask(obj: JsonObject, paths: string[]): JsonObject {
  const out: JsonObject = {};
  for (const p of paths) {
    const v = getPath(obj, p);
    if (v !== undefined) setPath(out, p, structuredClone(v));
  }
  return out;
}

export function requireBodyObject(body: unknown): JsonObject {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected an object.');
  }
  return body as JsonObject;
}
