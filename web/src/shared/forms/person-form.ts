/** The contact / company admin / company user form's values (spec part 2 §3 Contact or admin, User). */
export interface PersonForm {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  Password: string;
  ConfirmPassword: string;
}

export const emptyPerson = (): PersonForm => ({ FirstName: '', LastName: '', Email: '', PhoneNumber: '', Password: '', ConfirmPassword: '' });

/**
 * Which password fields a dialog asks for (the route's schema checks them):
 * - 'pair': both required together (create admin);
 * - 'optional-pair': only when one is typed (edit mode, company users).
 */
export type PasswordRule = 'pair' | 'optional-pair';

export interface PersonRules {
  password: PasswordRule;
  phoneRequired: boolean;
}
