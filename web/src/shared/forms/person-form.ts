import { OptionalPhoneNumberSchema, PASSWORD_MIN_LENGTH, userMessages as m } from '@locus/contracts';

/** The contact / company admin / company user form (spec part 2 §3 Contact or admin, User). */
export interface PersonForm {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  Password: string;
  ConfirmPassword: string;
}
export type PersonErrors = Partial<Record<keyof PersonForm, string>>;

export const emptyPerson = (): PersonForm => ({ FirstName: '', LastName: '', Email: '', PhoneNumber: '', Password: '', ConfirmPassword: '' });

/**
 * How passwords are checked:
 * - 'separate': each field required on its own (company creation: 'Password is required', 'Confirm Password field is required');
 * - 'pair': both required together (create admin: 'Password or Confirm Password is Not Entered');
 * - 'optional-pair': only when one is typed (edit mode, company users);
 * - 'none': no password fields.
 */
export type PasswordRule = 'separate' | 'pair' | 'optional-pair' | 'none';

export interface PersonRules {
  password: PasswordRule;
  phoneRequired: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validatePerson = (form: PersonForm, rules: PersonRules): PersonErrors => {
  const errors: PersonErrors = {};
  if (!form.FirstName.trim()) errors.FirstName = m.firstNameRequired;
  if (!form.Email.trim()) errors.Email = m.emailRequired;
  else if (!EMAIL.test(form.Email.trim())) errors.Email = m.emailInvalid;
  if (rules.phoneRequired && !form.PhoneNumber.trim()) errors.PhoneNumber = m.phoneRequired;
  else {
    // The server's own rule, so the form refuses what the server would (e.g. "abc").
    const phone = OptionalPhoneNumberSchema.safeParse(form.PhoneNumber);
    if (!phone.success) errors.PhoneNumber = phone.error.issues[0]?.message ?? m.phoneRequired;
  }

  const { Password: p, ConfirmPassword: c } = form;
  switch (rules.password) {
    case 'none':
      break;
    case 'separate':
      if (!p) errors.Password = m.passwordRequired;
      if (!c) errors.ConfirmPassword = m.confirmPasswordRequired;
      if (p && c) checkPair(p, c, errors);
      break;
    case 'pair':
      if (!p || !c) {
        if (!p) errors.Password = m.passwordOrConfirmMissing;
        if (!c) errors.ConfirmPassword = m.passwordOrConfirmMissing;
      } else checkPair(p, c, errors);
      break;
    case 'optional-pair':
      if (!p && !c) break;
      if (!p || !c) {
        if (!p) errors.Password = m.passwordOrConfirmMissing;
        if (!c) errors.ConfirmPassword = m.passwordOrConfirmMissing;
      } else checkPair(p, c, errors);
      break;
    default: {
      const never: never = rules.password;
      return never;
    }
  }
  return errors;
};

const checkPair = (p: string, c: string, errors: PersonErrors) => {
  if (p.length < PASSWORD_MIN_LENGTH) errors.Password = m.passwordTooShort;
  if (p !== c) errors.ConfirmPassword = m.passwordsNotSame;
};

export const isValid = (errors: PersonErrors): boolean => Object.keys(errors).length === 0;

/** The body the API expects: trimmed, passwords left out when empty. */
export const personBody = (form: PersonForm) => ({
  FirstName: form.FirstName.trim(),
  LastName: form.LastName.trim(),
  Email: form.Email.trim(),
  PhoneNumber: form.PhoneNumber.trim(),
  ...(form.Password ? { Password: form.Password, ConfirmPassword: form.ConfirmPassword } : {}),
});
