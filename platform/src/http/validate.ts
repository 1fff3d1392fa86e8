import type { z } from 'zod';
import { $ZodAsyncError } from 'zod/v4/core';
import { invalidInput } from './errors';
import { fieldsOfZodError } from './zod-fields';
import type { LocusContext } from './state';

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

/** The parsed value of a part, or the 400 naming each failing field. */
function parsedOf(part: Part, result: ReturnType<z.ZodType['safeParse']>): unknown {
  if (result.success) return result.data;
  const fields = fieldsOfZodError(result.error, part);
  // One failing field: its own message (the spec's texts, e.g. 'Passwords do not match.') leads.
  const message = fields.length === 1 && part === 'body' ? leadMessage(fields[0]) : MESSAGES[part];
  throw invalidInput(fields, message);
}

/** zod's own wording does not say which field; the spec's texts do. */
const GENERIC_ZOD_MESSAGE = /^(invalid|expected|too (small|big)|required|unrecognized)/i;
const leadMessage = (field: { field: string; message: string }) =>
  GENERIC_ZOD_MESSAGE.test(field.message) ? `${field.field}: ${field.message}` : field.message;

type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Input = NonNullable<LocusContext['state']['input']>;
const PARTS: readonly Part[] = ['params', 'query', 'body'];

/**
 * Parses the parts a route declares, params then query then body, into `ctx.state.input`; the
 * first failing part is a 400 naming each failing field. Synchronous (no promise) unless a
 * schema needs zod's async parse. Null when the route declares no part.
 */
export function validator(schemas: Schemas): ((ctx: LocusContext) => void | Promise<void>) | null {
  const parts = PARTS.flatMap((part) => (schemas[part] ? [[part, schemas[part]] as const] : []));
  if (parts.length === 0) return null;
  // From the first part whose schema has async refinements on.
  async function validateAsync(ctx: LocusContext, input: Input, from: number): Promise<void> {
    for (let i = from; i < parts.length; i++) {
      const [part, schema] = parts[i]!;
      const raw = rawOf(ctx, part);
      const result = i === from ? null : parseOf(schema, raw);
      input[part] = parsedOf(part, result ?? (await schema.safeParseAsync(raw)));
    }
    ctx.state.input = input;
  }
  return function validateInput(ctx) {
    const input: Input = { ...ctx.state.input };
    for (let i = 0; i < parts.length; i++) {
      const [part, schema] = parts[i]!;
      const result = parseOf(schema, rawOf(ctx, part));
      if (result === null) return validateAsync(ctx, input, i);
      input[part] = parsedOf(part, result);
    }
    ctx.state.input = input;
  };
}
