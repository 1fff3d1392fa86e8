import { createCompanyRoute, PrimaryEmailSchema, SaveAdminVariableBodySchema, saveAdminVariableRoute } from '@locus/contracts';
import { createFormControl, type DefaultValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changedFields, contractFormOptions, errorMessageOf, showServerFieldErrors, type BodyRoute, type FormSchema } from './contract-form';

/** The form `useContractForm` makes, without React. */
const formOf = <S extends FormSchema>(source: S | BodyRoute<S>, defaults: DefaultValues<z.input<S>>) =>
  createFormControl<z.input<S>, unknown, z.output<S>>(contractFormOptions(source, defaults));

const adminVariableForm = () => formOf(saveAdminVariableRoute, { VariableName: '', Title: '', Description: '', IsBooleanType: false, VariableValue: '' });

describe('forms from the contracts', () => {
  it("validates with the route's body schema and its messages", async () => {
    const form = adminVariableForm();
    expect(await form.trigger()).toBe(false);
    expect(form.getFieldState('VariableName').error?.message).toBe('Variable name is required');
    form.setValue('VariableName', 'Brand Name');
    await form.trigger('VariableName');
    expect(form.getFieldState('VariableName').error?.message).toBe('Variable name must not contain spaces');
    form.setValue('VariableName', ' BrandName ');
    expect(await form.trigger()).toBe(true);
  });

  it('takes a schema as well as a route', async () => {
    const form = formOf(SaveAdminVariableBodySchema, { VariableName: 'x'.repeat(101) });
    expect(await form.trigger()).toBe(false);
    expect(form.getFieldState('VariableName').error?.message).toBe('Variable name must be at most 100 characters');
  });

  it('names a field in its messages by the label people see, as the server does', async () => {
    const form = formOf(z.object({ PrimaryEmail: PrimaryEmailSchema }), { PrimaryEmail: 'front-desk-at-example' });
    expect(await form.trigger()).toBe(false);
    expect(form.getFieldState('PrimaryEmail').error?.message).toBe('Primary Email is not a valid email address');
  });

  it("puts a 400 answer's field list on the form's fields, leaving out fields it does not have", () => {
    const form = adminVariableForm();
    const answer = {
      status: 400,
      data: {
        Success: false,
        ApiError: {
          ErrorCode: 'VALIDATION',
          ErrorMessage: 'Invalid request',
          Fields: [
            { Field: 'Title', Message: 'Title must be at most 200 characters' },
            { Field: 'Unknown', Message: 'not a field of this form' },
          ],
        },
      },
    };
    expect(showServerFieldErrors(answer, form)).toBe(1);
    expect(form.getFieldState('Title').error).toMatchObject({ type: 'server', message: 'Title must be at most 200 characters' });
    expect(showServerFieldErrors(new Error('network'), form)).toBe(0);
  });

  it('finds a nested field the server names by its path', () => {
    const form = formOf(createCompanyRoute, { CompanyName: 'Acme', PrimaryContact: { FirstName: 'A', Email: 'a@b.co', Password: 'x', ConfirmPassword: 'x' } });
    const answer = { data: { Success: false, ApiError: { Fields: [{ Field: 'PrimaryContact.Email', Message: 'Email is taken' }] } } };
    expect(showServerFieldErrors(answer, form)).toBe(1);
    expect(form.getFieldState('PrimaryContact.Email').error?.message).toBe('Email is taken');
  });

  it('puts an item of a list the form types as one text on that text', () => {
    const form = formOf(z.object({ Words: z.string(), Title: z.string() }), { Words: 'a, b', Title: '' });
    const answer = { data: { Success: false, ApiError: { Fields: [{ Field: 'Words[1]', Message: 'Too long' }] } } };
    expect(showServerFieldErrors(answer, form)).toBe(1);
    expect(form.getFieldState('Words').error?.message).toBe('Too long');
  });

  it('puts the fields of a body sent under one key (`Location.Title`) on the form that holds them at its top', () => {
    const form = formOf(z.object({ Title: z.string(), StoreCode: z.string() }), { Title: '', StoreCode: '' });
    const answer = { data: { Success: false, ApiError: { Fields: [{ Field: 'Location.Title', Message: 'Title is required' }] } } };
    expect(showServerFieldErrors(answer, form)).toBe(0);
    expect(showServerFieldErrors(answer, form, { under: 'Location' })).toBe(1);
    expect(form.getFieldState('Title').error?.message).toBe('Title is required');
  });

  it("shows a list field's first item message as the field's", async () => {
    const form = formOf(z.object({ Keywords: z.array(z.string().max(3, 'At most 3 characters')) }), { Keywords: ['ok', 'too long'] });
    expect(await form.trigger()).toBe(false);
    expect(form.getFieldState('Keywords').error?.message).toBeUndefined();
    expect(errorMessageOf(form.getFieldState('Keywords').error)).toBe('At most 3 characters');
    expect(errorMessageOf(undefined)).toBeUndefined();
  });

  it('keeps only the fields of a body that differ from where the form started', () => {
    const before = { Title: 'A', Keywords: ['x'], Phone: '1' };
    expect(changedFields({ ...before, Keywords: ['x', 'y'], Phone: '1' }, before)).toEqual({ Keywords: ['x', 'y'] });
    expect(changedFields(before, before)).toEqual({});
  });
});
