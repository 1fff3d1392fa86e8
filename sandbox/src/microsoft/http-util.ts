import { randomUUID } from 'node:crypto';
import type Koa from 'koa';

/** Reads an urlencoded or JSON body unless a host middleware already parsed one. */
export async function readForm(ctx: Koa.Context): Promise<Record<string, string>> {
  const parsed = (ctx.request as unknown as { body?: unknown }).body;
  if (parsed && typeof parsed === 'object') return stringValues(parsed as Record<string, unknown>);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) ctx.throw(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((ctx.get('content-type') || '').includes('application/json')) {
    try {
      return stringValues(JSON.parse(raw || '{}') as Record<string, unknown>);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

const stringValues = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

/** Entra ID (AADSTS) error body of the token endpoint. */
export function aadError(error: string, code: number, description: string) {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  return {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
  };
}

/** Microsoft Graph error body. */
export function graphError(ctx: Koa.Context, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.set('request-id', randomUUID());
  ctx.body = {
    error: {
      code,
      message,
      innerError: {
        date: new Date().toISOString().replace(/\.\d+Z$/, ''),
        'request-id': ctx.response.get('request-id'),
        'client-request-id': ctx.get('client-request-id') || ctx.response.get('request-id'),
      },
    },
  };
}
