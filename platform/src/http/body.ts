import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { unlink } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import type { File } from 'formidable';
import type { UploadedFile } from './route-handler';
import type { LocusMiddleware } from './state';

export interface BodyLimits {
  /** JSON body limit (bytes or '1mb'). */
  json: string | number;
  /** Largest single uploaded file, bytes. */
  fileBytes: number;
  /** Most files in one multipart request. */
  files: number;
  /** Total multipart size, bytes. */
  totalBytes: number;
  /** Where uploads are written before the handler consumes them. */
  uploadDir: string;
}

export const defaultBodyLimits: BodyLimits = {
  json: '1mb',
  // Google accepts videos up to 75 MB.
  fileBytes: 75 * 1024 * 1024,
  files: 20,
  totalBytes: 100 * 1024 * 1024,
  uploadDir: tmpdir(),
};

const BODY_METHODS: ('POST' | 'PUT' | 'PATCH' | 'DELETE')[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** JSON only (no urlencoded, no text): commands take JSON bodies. */
export function jsonBody(limits: Pick<BodyLimits, 'json'> = defaultBodyLimits): LocusMiddleware {
  const general = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: limits.json,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: BODY_METHODS as never,
  }) as LocusMiddleware;
  const limit = byteLimit(limits.json);
  return async function jsonBodyMiddleware(ctx, next) {
    // The usual command: a plain application/json body with a length, within the limit.
    // Everything else (chunked, compressed, other JSON types, oversized) takes koa-body's path.
    const headers = ctx.req.headers;
    const length = Number(headers['content-length']);
    const encoding = headers['content-encoding'];
    if (
      limit !== null &&
      (BODY_METHODS as string[]).includes(ctx.method) &&
      Number.isSafeInteger(length) &&
      length > 0 &&
      length <= limit &&
      (encoding === undefined || encoding === 'identity') &&
      PLAIN_JSON.test(headers['content-type'] ?? '')
    ) {
      (ctx.request as { body?: unknown }).body = parseStrictJson(await readExactly(ctx.req, length));
      return next();
    }
    return general(ctx, next);
  };
}

const PLAIN_JSON = /^application\/json\s*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i;
// As co-body's strict mode: an object or an array.
const STRICT_JSON_START = /^[\x20\x09\x0a\x0d]*[[{]/;
// As @hapi/bourne (co-body's parser), a `__proto__` key is refused.
const SUSPECT_KEY = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

function byteLimit(value: string | number): number | null {
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  if (!m) return null;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b']!;
  return Math.floor(Number(m[1]) * unit);
}

/** An http-errors-like client error, as raw-body raises them (the error middleware maps `type`). */
function requestError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

/** What a body being read has so far (kept on the request; see readExactly). */
interface BodyRead {
  length: number;
  chunks: Buffer[];
  received: number;
  resolve(text: string): void;
  reject(err: Error): void;
}
const BODY_READ = Symbol('locus.bodyRead');
type ReadingRequest = IncomingMessage & { [BODY_READ]?: BodyRead };

// Module-level listeners (the emitter is `this`): no functions are made per request.
function settleBodyRead(req: ReadingRequest, err: Error | null): void {
  const read = req[BODY_READ];
  if (!read) return;
  delete req[BODY_READ];
  req.off('data', onBodyData);
  req.off('end', onBodyEnd);
  req.off('aborted', onBodyAborted);
  req.off('close', onBodyAborted);
  req.off('error', onBodyError);
  if (err) {
    req.resume(); // leave the rest unread, as raw-body does after an error
    read.reject(err);
  } else {
    read.resolve((read.chunks.length === 1 ? read.chunks[0]! : Buffer.concat(read.chunks, read.received)).toString('utf8'));
  }
}
function onBodyData(this: ReadingRequest, chunk: Buffer): void {
  const read = this[BODY_READ];
  if (!read) return;
  read.received += chunk.length;
  if (read.received > read.length) settleBodyRead(this, requestError(400, 'request size did not match content length', 'request.size.invalid'));
  else read.chunks.push(chunk);
}
function onBodyEnd(this: ReadingRequest): void {
  const read = this[BODY_READ];
  if (!read) return;
  settleBodyRead(this, read.received === read.length ? null : requestError(400, 'request size did not match content length', 'request.size.invalid'));
}
function onBodyAborted(this: ReadingRequest): void {
  settleBodyRead(this, requestError(400, 'request aborted', 'request.aborted'));
}
function onBodyError(this: ReadingRequest, err: Error): void {
  settleBodyRead(this, Object.assign(err, { status: 400, statusCode: 400, expose: true }));
}

/** Reads a request body of a declared length; 400 when it is cut off or longer than declared. */
function readExactly(req: ReadingRequest, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    req[BODY_READ] = { length, chunks: [], received: 0, resolve, reject };
    req.on('data', onBodyData);
    req.on('end', onBodyEnd);
    req.on('aborted', onBodyAborted);
    req.on('close', onBodyAborted);
    req.on('error', onBodyError);
  });
}

/** co-body's strict JSON: an object or array; a malformed or prototype-reaching body is a 400 SyntaxError. */
function parseStrictJson(text: string): unknown {
  if (!STRICT_JSON_START.test(text)) throw malformed('invalid JSON, only supports object and array', text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw Object.assign(err as SyntaxError, { status: 400, body: text });
  }
  if (SUSPECT_KEY.test(text) && reachesPrototype(parsed)) throw malformed('Object contains forbidden prototype property', text);
  return parsed;
}

function malformed(message: string, text: string): SyntaxError {
  return Object.assign(new SyntaxError(message), { status: 400, body: text });
}

function reachesPrototype(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  return Object.values(value).some(reachesPrototype);
}

const uploadedFilesOf = (files: Record<string, File | File[]> | undefined): UploadedFile[] =>
  Object.entries(files ?? {}).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((file) => ({
      field,
      originalName: file.originalFilename ?? 'upload',
      mimeType: file.mimetype ?? 'application/octet-stream',
      size: file.size,
      path: file.filepath,
    })),
  );

/**
 * multipart/form-data (formidable) for routes whose def says `request.multipart`; fields go
 * to the body, files to `ctx.state.files`. Temp files are deleted after the response, so a
 * handler must read or move them before it returns.
 */
export function multipartBody(limits: BodyLimits = defaultBodyLimits): LocusMiddleware {
  const parse = koaBody({
    multipart: true,
    json: true,
    jsonLimit: limits.json,
    urlencoded: false,
    text: false,
    parsedMethods: BODY_METHODS as never,
    formidable: {
      uploadDir: limits.uploadDir,
      keepExtensions: true,
      maxFileSize: limits.fileBytes,
      maxFiles: limits.files,
      maxTotalFileSize: limits.totalBytes,
      allowEmptyFiles: false,
      minFileSize: 1,
    },
  }) as LocusMiddleware;
  return async function multipartBodyMiddleware(ctx, next) {
    await parse(ctx, async () => {
      const files = uploadedFilesOf(ctx.request.files as Record<string, File | File[]> | undefined);
      ctx.state.files = files;
      try {
        await next();
      } finally {
        await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
      }
    });
  };
}
