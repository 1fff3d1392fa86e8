import type { z } from 'zod';
import type { ErrorEnvelope, FieldErrorSchema } from '@locus/contracts';

/** The API's response envelope (spec: Success, ResponseMessage, Data, ApiError). */
export type ApiFieldError = z.infer<typeof FieldErrorSchema>;
/** Read tolerantly: a failure that did not come from the API (a proxy, the network) has none of it. */
export type ApiErrorBody = Partial<ErrorEnvelope['ApiError']>;
export interface Envelope<T = unknown> {
  Success: boolean;
  ResponseMessage?: string;
  Data?: T;
  ResponseData?: T;
  ApiError?: ApiErrorBody;
  [extra: string]: unknown;
}

export const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'Success' in value && typeof (value as Envelope).Success === 'boolean';

/** Payload of a success envelope: `Data`, else `ResponseData`. */
export const dataOf = <T>(envelope: Envelope<T> | undefined): T | undefined => envelope?.Data ?? envelope?.ResponseData;

/** Array payloads: tolerate a missing list. */
export const listOf = <T>(envelope: Envelope<T[]> | undefined): T[] => {
  const data = dataOf(envelope);
  return Array.isArray(data) ? data : [];
};

/**
 * The text to show for a failed call: ApiError.ErrorMessage, else ResponseMessage, else the fallback.
 * Accepts an RTK Query error (`{ status, data }`) or an envelope.
 */
export const failureMessage = (error: unknown, fallback: string): string => {
  const body: unknown = isEnvelope(error) ? error : (error as { data?: unknown } | null)?.data;
  if (isEnvelope(body)) {
    return body.ApiError?.ErrorMessage || body.ResponseMessage || fallback;
  }
  return fallback;
};

/** Server message of a failure, preferring ResponseMessage (the spec's choice for several screens). */
export const responseMessage = (error: unknown, fallback: string): string => {
  const body: unknown = isEnvelope(error) ? error : (error as { data?: unknown } | null)?.data;
  if (isEnvelope(body)) return body.ResponseMessage || body.ApiError?.ErrorMessage || fallback;
  return fallback;
};

/** Field errors of a 400 answer, keyed by field name. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const body: unknown = (error as { data?: unknown } | null)?.data;
  const out: Record<string, string> = {};
  if (isEnvelope(body)) for (const f of body.ApiError?.Fields ?? []) out[f.Field] = f.Message;
  return out;
};
