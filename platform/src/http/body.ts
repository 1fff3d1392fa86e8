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

/**
 * A body that cannot be decoded (`Content-Encoding: gzip` on a body that is not gzip, a cut-off
 * stream) fails inside zlib with an error carrying no HTTP status; it is the client's fault, 400.
 * Errors that already carry a status (413, 415 for an unknown encoding, 400 bad JSON) pass as they are.
 */
function decodingErrorAsClientError(err: Error & { status?: number; code?: unknown }): never {
  if (err.status === undefined && typeof err.code === 'string' && /^(Z_|ERR__ERROR|ERR_BROTLI)/.test(err.code)) {
    throw Object.assign(err, { status: 400, statusCode: 400, expose: true, type: 'request.decode.failed' });
  }
  throw err;
}

/** JSON only (no urlencoded, no text): commands take JSON bodies, identity, gzip, deflate or br encoded. */
export function jsonBody(limits: Pick<BodyLimits, 'json'> = defaultBodyLimits): LocusMiddleware {
  return koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: limits.json,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: BODY_METHODS as never,
    onError: decodingErrorAsClientError,
  }) as LocusMiddleware;
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
 * Reads and discards what is left of a request's body, at most `maxBytes`: true once it has all
 * arrived. A refusal answered while the client is still sending would otherwise close the
 * connection under it (a reset for the upload and for the requests queued behind it).
 */
function discardRest(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const done = (all: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(all);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.complete);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.resume();
  });
}

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
    onError: decodingErrorAsClientError,
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
    try {
      await parse(ctx, async () => {
        const files = uploadedFilesOf(ctx.request.files as Record<string, File | File[]> | undefined);
        ctx.state.files = files;
        try {
          await next();
        } finally {
          await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
        }
      });
    } catch (err) {
      // Refused part-way (413: too many files or fields, too large): answer once the body is in,
      // so the connection and the requests behind it carry on; a body past the limit closes it.
      if (!ctx.req.complete && !(await discardRest(ctx.req, limits.totalBytes))) ctx.set('Connection', 'close');
      throw err;
    }
  };
}
