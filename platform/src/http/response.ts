import type { HandlerResult } from './route-handler';

interface OkOptions<E> {
  message?: string;
  status?: number;
  position?: number;
  extra?: E;
}

/** The success envelope `ok` answers: `Data` and `ResponseMessage` only when given. */
export type OkBody<D, M, E> = { Success: true } & ([D] extends [undefined] ? unknown : { Data: D }) &
  (M extends string ? { ResponseMessage: string } : unknown) &
  E;

/** `{ Success: true, ResponseMessage?, Data? }` with an optional status and position. */
export function ok<D = undefined, M extends string | undefined = undefined, E extends object = object>(
  data?: D,
  options: OkOptions<E> & { message?: M } = {},
): HandlerResult<OkBody<D, M, E>> {
  return {
    status: options.status ?? 200,
    body: {
      Success: true,
      ...(options.message !== undefined ? { ResponseMessage: options.message } : {}),
      ...(data !== undefined ? { Data: data } : {}),
      ...options.extra,
    } as OkBody<D, M, E>,
    ...(options.position !== undefined ? { position: options.position } : {}),
  };
}
