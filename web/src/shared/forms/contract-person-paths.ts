import type { PersonPaths } from './contract-person-fields';

/** A person's fields at the top of a form's values (the user and company admin bodies). */
export const topLevelPersonPaths = {
  FirstName: 'FirstName',
  LastName: 'LastName',
  Email: 'Email',
  PhoneNumber: 'PhoneNumber',
  Password: 'Password',
  ConfirmPassword: 'ConfirmPassword',
} as const satisfies PersonPaths<Record<string, string>>;

/** The body to send: passwords left out when none was typed (an edit keeps the current one). */
export const withoutEmptyPassword = <B extends { Password?: string; ConfirmPassword?: string }>(body: B): B | Omit<B, 'Password' | 'ConfirmPassword'> => {
  if (body.Password || body.ConfirmPassword) return body;
  const { Password: _p, ConfirmPassword: _c, ...rest } = body;
  return rest;
};
