import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextField } from './contract-fields';
import type { PersonForm } from './person-form';

const LABELS: Record<keyof PersonForm, string> = {
  FirstName: 'First Name',
  LastName: 'Last Name',
  Email: 'Email',
  PhoneNumber: 'Phone Number',
  Password: 'Password',
  ConfirmPassword: 'Confirm Password',
};

/** Where a person's fields are in the form's values: at the top or under one key. */
export type PersonPaths<T extends FieldValues> = Record<keyof PersonForm, Path<T>>;

/**
 * Name, email, phone and (unless `withPassword` is false) password inputs of a form built on a
 * route's body schema; the schema's messages show under each field.
 */
export const ContractPersonFields = <T extends FieldValues>({
  control,
  paths,
  idPrefix,
  withPassword,
  passwordRequired,
  phoneRequired,
}: {
  control: Control<T, unknown, FieldValues>;
  paths: PersonPaths<T>;
  idPrefix: string;
  withPassword: boolean;
  passwordRequired: boolean;
  phoneRequired: boolean;
}) => {
  const field = (name: keyof PersonForm, options: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <TextField key={name} control={control} name={paths[name]} id={`${idPrefix}-${name}`} label={LABELS[name]} className="locus-form-cell" {...options} />
  );
  return (
    <div className="locus-form-grid">
      {field('FirstName', { required: true })}
      {field('LastName')}
      {field('Email', { type: 'email', autoComplete: 'off', required: true })}
      {field('PhoneNumber', { type: 'tel', required: phoneRequired })}
      {withPassword ? field('Password', { type: 'password', autoComplete: 'new-password', required: passwordRequired }) : null}
      {withPassword ? field('ConfirmPassword', { type: 'password', autoComplete: 'new-password', required: passwordRequired }) : null}
    </div>
  );
};
