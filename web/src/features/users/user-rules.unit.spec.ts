import { describe, expect, it } from 'vitest';
import { emptyPerson, personBody, validatePerson, type PersonForm } from '@web/shared/forms/person-form';
import { rulesFor } from './user-rules';

const valid: PersonForm = { FirstName: 'Ada', LastName: '', Email: 'ada@example.com', PhoneNumber: '', Password: '', ConfirmPassword: '' };

describe('contact / admin / user form rules', () => {
  it('refuses a phone number the server would refuse, such as "abc", for New User and optional phones alike', () => {
    const form = { ...emptyPerson(), FirstName: 'Ann', Email: 'ann@example.com', PhoneNumber: 'abc' };
    for (const phoneRequired of [true, false]) {
      expect(validatePerson(form, { password: 'none', phoneRequired })).toEqual({ PhoneNumber: 'Phone Number may contain digits, spaces and + ( ) - . only' });
      expect(validatePerson({ ...form, PhoneNumber: '(303) 555-0100' }, { password: 'none', phoneRequired })).toEqual({});
    }
  });

  it('requires first name and a valid email', () => {
    expect(validatePerson(emptyPerson(), { password: 'none', phoneRequired: false })).toEqual({
      FirstName: 'First name is required',
      Email: 'Email is required',
    });
    expect(validatePerson({ ...valid, Email: 'nope' }, { password: 'none', phoneRequired: false })).toEqual({ Email: 'Email is not valid' });
  });

  it('company creation asks for each password field separately', () => {
    expect(validatePerson(valid, { password: 'separate', phoneRequired: false })).toEqual({
      Password: 'Password is required',
      ConfirmPassword: 'Confirm Password field is required',
    });
  });

  it('create admin needs both passwords and equal ones', () => {
    const rules = rulesFor('admin', false);
    expect(rules.password).toBe('pair');
    expect(validatePerson({ ...valid, Password: 'secret123' }, rules)).toEqual({ ConfirmPassword: 'Password or Confirm Password is Not Entered' });
    expect(validatePerson({ ...valid, Password: 'secret123', ConfirmPassword: 'secret124' }, rules)).toEqual({
      ConfirmPassword: 'Password And Confirm Password are Not same',
    });
    expect(validatePerson({ ...valid, Password: 'short', ConfirmPassword: 'short' }, rules)).toEqual({
      Password: 'Password must be at least 8 characters',
    });
    expect(validatePerson({ ...valid, Password: 'secret123', ConfirmPassword: 'secret123' }, rules)).toEqual({});
  });

  it('edit mode checks passwords only when typed; company users need a phone', () => {
    expect(validatePerson(valid, rulesFor('admin', true))).toEqual({});
    expect(validatePerson(valid, rulesFor('user', true))).toEqual({ PhoneNumber: 'Phone Number is required' });
    expect(validatePerson({ ...valid, PhoneNumber: '555 0100' }, rulesFor('user', false))).toEqual({});
    expect(validatePerson({ ...valid, PhoneNumber: '1', Password: 'x' }, rulesFor('user', true))).toEqual({
      ConfirmPassword: 'Password or Confirm Password is Not Entered',
    });
  });

  it('sends trimmed fields and leaves empty passwords out', () => {
    expect(personBody({ ...valid, FirstName: ' Ada ', Email: ' ada@example.com ' })).toEqual({
      FirstName: 'Ada',
      LastName: '',
      Email: 'ada@example.com',
      PhoneNumber: '',
    });
    expect(personBody({ ...valid, Password: 'p', ConfirmPassword: 'q' })).toMatchObject({ Password: 'p', ConfirmPassword: 'q' });
  });
});
