import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validator } from './validate';
import { AppError } from './errors';
import type { LocusContext } from './state';

const ctxOf = (parts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }) =>
  ({ params: parts.params ?? {}, query: parts.query ?? {}, request: { body: parts.body }, state: {} }) as unknown as LocusContext;

const schemas = {
  params: z.object({ id: z.string().min(2) }),
  query: z.object({ page: z.coerce.number().int().default(1) }),
  body: z.object({ Name: z.string().trim().min(1, 'Name is required.') }),
};

describe('validator', () => {
  it('is null for a route that declares no part', () => {
    expect(validator({})).toBeNull();
  });

  it('parses every declared part into ctx.state.input without a promise', () => {
    const ctx = ctxOf({ params: { id: 'ab' }, query: {}, body: { Name: '  Ann ' } });
    expect(validator(schemas)!(ctx)).toBeUndefined();
    expect(ctx.state.input).toEqual({ params: { id: 'ab' }, query: { page: 1 }, body: { Name: 'Ann' } });
  });

  it("words a failing field's message with the form's label and keeps the wire name as the field", () => {
    const email = z.object({ PrimaryEmail: z.email({ error: 'PrimaryEmail is not a valid email address' }) });
    const ctx = ctxOf({ body: { PrimaryEmail: 'nope' } });
    expect(() => validator({ body: email })!(ctx)).toThrow(
      expect.objectContaining({
        message: 'Primary Email is not a valid email address',
        fields: [{ field: 'PrimaryEmail', message: 'Primary Email is not a valid email address' }],
      }),
    );
  });

  it('answers the first failing part, params before query before body', () => {
    const ctx = ctxOf({ params: { id: 'a' }, query: { page: 'x' }, body: {} });
    expect(() => validator(schemas)!(ctx)).toThrow(expect.objectContaining({ code: 'VALIDATION.FAILED', message: 'The path contains invalid values' }));
    const bodyOnly = ctxOf({ params: { id: 'ab' }, body: { Name: ' ' } });
    let thrown: unknown;
    try {
      validator(schemas)!(bodyOnly);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ message: 'Name is required.', fields: [{ field: 'Name', message: 'Name is required.' }] });
  });

  it('runs a schema with async refinements through the async parse, and the parts after it', async () => {
    const gone = new Set(['9']);
    const asyncSchemas = {
      params: z.object({ id: z.string().refine(async (id) => !gone.has(id), 'No such thing.') }),
      body: z.object({ Name: z.string().trim().min(1, 'Name is required.') }),
    };
    const ok = ctxOf({ params: { id: '1' }, body: { Name: ' Ann ' } });
    const pending = validator(asyncSchemas)!(ok);
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(ok.state.input).toEqual({ params: { id: '1' }, body: { Name: 'Ann' } });
    await expect(validator(asyncSchemas)!(ctxOf({ params: { id: '9' }, body: { Name: 'Ann' } }))).rejects.toMatchObject({
      message: 'The path contains invalid values',
      fields: [{ field: 'id', message: 'No such thing.' }],
    });
    await expect(validator(asyncSchemas)!(ctxOf({ params: { id: '1' }, body: { Name: ' ' } }))).rejects.toMatchObject({ message: 'Name is required.' });
  });
});
