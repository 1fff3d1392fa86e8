import type { z } from 'zod';
import { $ZodAsyncError } from 'zod/v4/core';
import { invalidInput } from './errors';
import { fieldsOfZodError } from './zod-fields';
import type { LocusContext, LocusMiddleware } from './state';

type Part = 'params' | 'query' | 'body';

const rawOf = (ctx: LocusContext, part: Part): unknown => {
  if (part === 'params') return (ctx as unknown as { params?: Record<string, string> }).params ?? {};
  if (part === 'query') return { ...ctx.query };
  return ctx.request.body;
};

const MESSAGES: Record<Part, string> = {
  params: 'The path contains invalid values',
  query: 'The query string contains invalid values',
  body: 'One or more fields are invalid',
};

/**
 * Synchronous parse (most schemas): zod's async parse costs a chain of promises per field.
 * Null for a schema with async refinements, which only the async parse can run.
 */
function parseOf(schema: z.ZodType, value: unknown): ReturnType<z.ZodType['safeParse']> | null {
  try {
    return schema.safeParse(value);
  } catch (err) {
    if (err instanceof $ZodAsyncError) return null;
    throw err;
  }
}

/** Parses one part of the request with its schema into `ctx.state.input[part]`; 400 naming each failing field. */
function validatePart(part: Part, schema: z.ZodType): LocusMiddleware {
  return async function validateRequestPart(ctx, next) {
    const result = parseOf(schema, rawOf(ctx, part)) ?? (await schema.safeParseAsync(rawOf(ctx, part)));
    if (!result.success) {
      const fields = fieldsOfZodError(result.error, part);
      // One failing field: its own message (the spec's texts, e.g. 'Passwords do not match.') leads.
      const message = fields.length === 1 && part === 'body' ? leadMessage(fields[0]) : MESSAGES[part];
      throw invalidInput(fields, message);
    }
    ctx.state.input = { ...ctx.state.input, [part]: result.data };
    await next();
  };
}

/** zod's own wording does not say which field; the spec's texts do. */
const GENERIC_ZOD_MESSAGE = /^(invalid|expected|too (small|big)|required|unrecognized)/i;
const leadMessage = (field: { field: string; message: string }) =>
  GENERIC_ZOD_MESSAGE.test(field.message) ? `${field.field}: ${field.message}` : field.message;

export const validateParams = (schema: z.ZodType) => validatePart('params', schema);
export const validateQuery = (schema: z.ZodType) => validatePart('query', schema);
export const validateBody = (schema: z.ZodType) => validatePart('body', schema);

/** Validates the parts a route declares, params then query then body. */
export function validate(schemas: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType }): LocusMiddleware[] {
  const chain: LocusMiddleware[] = [];
  if (schemas.params) chain.push(validateParams(schemas.params));
  if (schemas.query) chain.push(validateQuery(schemas.query));
  if (schemas.body) chain.push(validateBody(schemas.body));
  return chain;
}
