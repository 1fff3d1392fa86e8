import { CreateCompanyAdminBodySchema, CreateUserBodySchema, UpdateUserBodySchema } from '@locus/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withoutEmptyPassword } from '@web/shared/forms/contract-person-paths';
import { emptyPerson, type PersonForm } from '@web/shared/forms/person-form';
import { rulesFor } from './user-rules';

const valid: PersonForm = { FirstName: 'Ada', LastName: '', Email: 'ada@example.com', PhoneNumber: '', Password: '', ConfirmPassword: '' };

/** The message per field a user dialog shows, from the schema of the route it saves with. */
const problems = (schema: z.ZodType, form: object): Record<string, string> => {
  const result = schema.safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('user and company admin dialogs: the routes decide, the dialog adds the company user phone rule', () => {
  it('refuses a phone number the server would refuse, such as "abc"', () => {
    const form = { ...valid, PhoneNumber: 'abc' };
    for (const schema of [CreateUserBodySchema, UpdateUserBodySchema])
      expect(problems(schema, form)).toEqual({ PhoneNumber: 'Phone Number may contain digits, spaces and + ( ) - . only' });
    expect(problems(UpdateUserBodySchema, { ...form, PhoneNumber: '(303) 555-0100' })).toEqual({});
  });

  it('requires first name and a valid email', () => {
    expect(problems(UpdateUserBodySchema, emptyPerson())).toEqual({ FirstName: 'First name is required', Email: 'Email is required' });
    expect(problems(UpdateUserBodySchema, { ...valid, Email: 'nope' })).toEqual({ Email: 'Email is not valid' });
  });

  it('create admin needs both passwords and equal ones', () => {
    expect(rulesFor('admin', false).password).toBe('pair');
    expect(problems(CreateCompanyAdminBodySchema, { ...valid, Password: 'secret123' })).toEqual({
      ConfirmPassword: 'Password or Confirm Password is Not Entered',
    });
    expect(problems(CreateCompanyAdminBodySchema, { ...valid, Password: 'secret123', ConfirmPassword: 'secret124' })).toEqual({
      ConfirmPassword: 'Password And Confirm Password are Not same',
    });
    expect(problems(CreateCompanyAdminBodySchema, { ...valid, Password: 'short', ConfirmPassword: 'short' })).toEqual({
      Password: 'Password must be at least 8 characters',
    });
  });

  it('edit mode checks passwords only when typed; company users need a phone', () => {
    expect(problems(UpdateUserBodySchema, valid)).toEqual({});
    expect(rulesFor('user', true).phoneRequired).toBe(true);
    expect(rulesFor('admin', true)).toEqual({ password: 'optional-pair', phoneRequired: false });
    expect(problems(UpdateUserBodySchema, { ...valid, PhoneNumber: '1', Password: 'x' })).toEqual({
      ConfirmPassword: 'Password or Confirm Password is Not Entered',
    });
  });

  it('leaves empty passwords out of the body', () => {
    expect(withoutEmptyPassword(valid)).toEqual({ FirstName: 'Ada', LastName: '', Email: 'ada@example.com', PhoneNumber: '' });
    expect(withoutEmptyPassword({ ...valid, Password: 'p', ConfirmPassword: 'q' })).toMatchObject({ Password: 'p', ConfirmPassword: 'q' });
  });
});
