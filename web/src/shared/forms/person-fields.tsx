import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { PasswordRule, PersonErrors, PersonForm } from './person-form';

interface Props {
  idPrefix: string;
  value: PersonForm;
  onChange: (next: PersonForm) => void;
  errors: PersonErrors;
  password: PasswordRule;
  phoneRequired: boolean;
  labels?: Partial<Record<keyof PersonForm, string>>;
  /** Show every error (after a submit attempt); otherwise only for fields the user has left. */
  showAllErrors?: boolean;
}

const DEFAULT_LABELS: Record<keyof PersonForm, string> = {
  FirstName: 'First Name',
  LastName: 'Last Name',
  Email: 'Email',
  PhoneNumber: 'Phone Number',
  Password: 'Password',
  ConfirmPassword: 'Confirm Password',
};

/** Name, email, phone and (by rule) password inputs with their validation texts. */
export const PersonFields = ({ idPrefix, value, onChange, errors: allErrors, password, phoneRequired, labels, showAllErrors }: Props) => {
  const label = { ...DEFAULT_LABELS, ...labels };
  const [visited, setVisited] = useState<ReadonlySet<keyof PersonForm>>(new Set());
  const errors: PersonErrors = showAllErrors ? allErrors : Object.fromEntries(Object.entries(allErrors).filter(([k]) => visited.has(k as keyof PersonForm)));
  const required: Record<keyof PersonForm, boolean> = {
    FirstName: true,
    LastName: false,
    Email: true,
    PhoneNumber: phoneRequired,
    Password: password === 'separate' || password === 'pair',
    ConfirmPassword: password === 'separate' || password === 'pair',
  };
  const input = (name: keyof PersonForm, type = 'text', autoComplete?: string) => (
    <FormGroup
      key={name}
      label={label[name]}
      labelFor={`${idPrefix}-${name}`}
      labelInfo={required[name] ? '*' : undefined}
      intent={errors[name] ? 'danger' : 'none'}
      helperText={errors[name]}
      className="locus-form-cell"
    >
      <InputGroup
        id={`${idPrefix}-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={value[name]}
        intent={errors[name] ? 'danger' : 'none'}
        onValueChange={(v) => onChange({ ...value, [name]: v })}
        onBlur={() => setVisited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)))}
      />
    </FormGroup>
  );
  return (
    <div className="locus-form-grid">
      {input('FirstName')}
      {input('LastName')}
      {input('Email', 'email', 'off')}
      {input('PhoneNumber', 'tel')}
      {password !== 'none' ? input('Password', 'password', 'new-password') : null}
      {password !== 'none' ? input('ConfirmPassword', 'password', 'new-password') : null}
    </div>
  );
};
