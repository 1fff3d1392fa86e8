import type { Logger } from 'pino';
import { requestErrors } from '@locus/contracts';
import { AppError, notFound, type FieldError } from './errors';
import { WrongExpectedVersionError } from '../event-store/event-store';
import { fieldsOfZodError, isZodError } from './zod-fields';
import type { LocusMiddleware } from './state';

export const UNEXPECTED_MESSAGE = 'An unexpected error occurred';

export interface ErrorResponse {
  status: number;
  code: string;
  message: string;
  fields: FieldError[];
  headers: Record<string, string>;
}

export const errorEnvelopeBody = (e: Pick<ErrorResponse, 'code' | 'message' | 'fields'>) => ({
  Success: false as const,
  ResponseMessage: e.message,
  ApiError: {
    ErrorCode: e.code,
    ErrorMessage: e.message,
    Fields: e.fields.map((f) => ({ Field: f.field, Message: f.message })),
  },
});

type HttpishError = Error & { status?: number; statusCode?: number; httpCode?: number; expose?: boolean; type?: string };

const clientErrorOf = (err: HttpishError): ErrorResponse | undefined => {
  const status = err.status ?? err.statusCode ?? err.httpCode;
  if (typeof status !== 'number') return undefined;
  const plain = (code: string, message: string): ErrorResponse => ({ status, code, message, fields: [], headers: {} });
  if (status < 400 || status >= 500) return undefined;
  if (status === 413) return plain('REQUEST.TOO_LARGE', 'The request body is too large');
  if (status === 415) return plain('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding or type');
  if (err instanceof SyntaxError || err.type === 'entity.parse.failed')
    return { ...plain('REQUEST.MALFORMED_JSON', 'The request body is not valid JSON'), fields: [{ field: 'body', message: 'Malformed JSON' }] };
  if (err.type === 'request.decode.failed')
    return {
      ...plain('REQUEST.MALFORMED_BODY', 'The request body cannot be decoded with its Content-Encoding'),
      fields: [{ field: 'body', message: 'Cannot be decoded' }],
    };
  if (typeof err.httpCode === 'number') return plain('REQUEST.INVALID_UPLOAD', 'The uploaded form data is invalid');
  if (err.type === 'request.aborted') return plain('REQUEST.ABORTED', 'The request was aborted');
  // http-errors from koa or the router (ctx.throw(4xx)); their message is meant for clients.
  if (err.expose) return plain(`HTTP.${status}`, err.message);
  return undefined;
};

/** The router's own answers (allowedMethods sets status and `Allow`, no body). */
const routerAnswers: Record<number, { code: string; message: string }> = {
  405: { code: 'HTTP.METHOD_NOT_ALLOWED', message: 'Method not allowed' },
  501: { code: 'HTTP.NOT_IMPLEMENTED', message: 'Method not implemented' },
};

/** Maps anything thrown to status + envelope fields. Unknown errors become a bare 500. */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.kind === 'unauthenticated') headers['WWW-Authenticate'] = 'Bearer';
    if (err.retryAfterSeconds !== undefined) headers['Retry-After'] = String(err.retryAfterSeconds);
    return { status: err.status, code: err.code, message: err.message, fields: err.fields, headers };
  }
  if (isZodError(err)) {
    return {
      status: 400,
      code: requestErrors.validationFailed.code,
      message: requestErrors.validationFailed.message(),
      fields: fieldsOfZodError(err),
      headers: {},
    };
  }
  if (err instanceof WrongExpectedVersionError) {
    return { status: 409, code: requestErrors.concurrencyConflict.code, message: requestErrors.concurrencyConflict.message, fields: [], headers: {} };
  }
  if (err instanceof Error) {
    const client = clientErrorOf(err as HttpishError);
    if (client) return client;
  }
  return { status: 500, code: 'INTERNAL.UNEXPECTED', message: UNEXPECTED_MESSAGE, fields: [], headers: {} };
}

/**
 * The one error middleware, ahead of every route: domain, validation, parsing and unknown
 * errors become the API envelope; an unmatched route becomes 404. 5xx are logged with the
 * request id; nothing about them reaches the client.
 */
export function errorEnvelope(options: { logger: Logger }): LocusMiddleware {
  return async function errorEnvelopeMiddleware(ctx, next) {
    try {
      await next();
      if (ctx.body == null) {
        if (ctx.status === 404) throw notFound('ROUTE.NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
        const answer = routerAnswers[ctx.status];
        if (answer) ctx.body = errorEnvelopeBody({ ...answer, fields: [] });
      }
    } catch (err) {
      const log = ctx.state.log ?? options.logger.child({ requestId: ctx.state.requestId });
      const response = toErrorResponse(err);
      if (response.status >= 500) log.error({ err, route: ctx.state.route?.name }, 'unexpected error');
      else log.debug({ code: response.code }, 'client error');
      if (ctx.headerSent) return;
      ctx.status = response.status;
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      ctx.body = errorEnvelopeBody(response);
    }
  };
}
