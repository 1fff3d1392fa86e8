import type { HandlerResult } from './route-handler';

/** `{ Success: true, ResponseMessage?, Data? }` with an optional status and position. */
export function ok(data?: unknown, options: { message?: string; status?: number; position?: number; extra?: Record<string, unknown> } = {}): HandlerResult {
  return {
    status: options.status ?? 200,
    body: {
      Success: true,
      ...(options.message !== undefined ? { ResponseMessage: options.message } : {}),
      ...(data !== undefined ? { Data: data } : {}),
      ...options.extra,
    },
    ...(options.position !== undefined ? { position: options.position } : {}),
  };
}
