import { Checkbox, FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, TextArea, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { errorMessageOf } from './contract-form';

/** What every bound field takes: the form's control, the field's name, its label and the input's id. */
interface FieldProps<T extends FieldValues> {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
  id: string;
  /** Marks the label with `*`. */
  required?: boolean;
  /** Shown beside the label instead of the `*` (a character counter). */
  labelInfo?: ReactNode;
  disabled?: boolean;
  /** Shown, focusable and copyable, not editable (a reader's view of a form). */
  readOnly?: boolean;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** A rule the schema cannot know (a name already taken), shown when the schema finds nothing. */
  error?: string;
  className?: string;
}

/** The field's label, the input, and its error (else its hint) under it, all tied by the id. */
const useBoundField = <T extends FieldValues>({ control, name, label, id, required, labelInfo, hint, error: otherError, className }: FieldProps<T>) => {
  const { field, fieldState } = useController({ control, name });
  const error = errorMessageOf(fieldState.error) ?? otherError;
  const intent = error ? ('danger' as const) : ('none' as const);
  const group = (input: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={labelInfo ?? (required ? '*' : undefined)}
      intent={intent}
      helperText={error ?? hint}
      className={className}
    >
      {input}
    </FormGroup>
  );
  return { field, intent, group };
};

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export const TextField = <T extends FieldValues>(
  props: FieldProps<T> & { type?: string; autoComplete?: string; placeholder?: string; leftIcon?: IconName; step?: number },
) => {
  const { field, intent, group } = useBoundField(props);
  return group(
    <InputGroup
      id={props.id}
      inputRef={field.ref}
      name={field.name}
      type={props.type}
      autoComplete={props.autoComplete}
      placeholder={props.placeholder}
      leftIcon={props.leftIcon}
      step={props.step}
      disabled={props.disabled}
      readOnly={props.readOnly}
      value={textOf(field.value)}
      intent={intent}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
    />,
  );
};

export const TextAreaField = <T extends FieldValues>(
  props: FieldProps<T> & { rows?: number; autoResize?: boolean; placeholder?: string; maxLength?: number },
) => {
  const { field, intent, group } = useBoundField(props);
  return group(
    <TextArea
      id={props.id}
      inputRef={field.ref}
      name={field.name}
      fill
      rows={props.rows ?? 3}
      autoResize={props.autoResize}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      disabled={props.disabled}
      readOnly={props.readOnly}
      value={textOf(field.value)}
      intent={intent}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
    />,
  );
};

/** `onChosen` lets a form adjust fields that depend on this one. */
export const SelectField = <T extends FieldValues>(
  props: FieldProps<T> & { options: readonly { value: string; label: string }[]; onChosen?: (value: string) => void },
) => {
  const { field, group } = useBoundField(props);
  return group(
    <HTMLSelect
      id={props.id}
      name={field.name}
      fill
      disabled={props.disabled}
      options={[...props.options]}
      value={textOf(field.value)}
      onChange={(e) => {
        field.onChange(e.currentTarget.value);
        props.onChosen?.(e.currentTarget.value);
      }}
      onBlur={field.onBlur}
    />,
  );
};

/** A number, or null while the input is empty (the schema says whether that is allowed). */
export const NumberField = <T extends FieldValues>(props: FieldProps<T> & { min?: number; max?: number }) => {
  const { field, intent, group } = useBoundField(props);
  return group(
    <NumericInput
      id={props.id}
      inputRef={field.ref}
      name={field.name}
      fill
      min={props.min}
      max={props.max}
      disabled={props.disabled}
      intent={intent}
      value={typeof field.value === 'number' ? field.value : ''}
      onValueChange={(n, text) => field.onChange(text.trim() === '' || Number.isNaN(n) ? null : n)}
      onBlur={field.onBlur}
    />,
  );
};

/**
 * A boolean as a switch under its label; `stateLabels` names the state beside the switch (Yes / No).
 * `onChecked` lets a form adjust fields that depend on this one.
 */
export const SwitchField = <T extends FieldValues>(
  props: FieldProps<T> & { stateLabels?: { on: string; off: string }; onChecked?: (checked: boolean) => void },
) => {
  const { field, group } = useBoundField(props);
  const checked = field.value === true;
  return group(
    <Switch
      id={props.id}
      inputRef={field.ref}
      name={field.name}
      disabled={props.disabled}
      checked={checked}
      label={props.stateLabels ? (checked ? props.stateLabels.on : props.stateLabels.off) : undefined}
      onChange={(e) => {
        field.onChange(e.currentTarget.checked);
        props.onChecked?.(e.currentTarget.checked);
      }}
      onBlur={field.onBlur}
    />,
  );
};

/** A boolean as a checkbox carrying its own label, its error under it. */
export const CheckboxField = <T extends FieldValues>(
  props: Omit<FieldProps<T>, 'id' | 'hint' | 'error' | 'label' | 'required'> & { label: string; onChecked?: (checked: boolean) => void },
) => {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = fieldState.error?.message;
  return (
    <>
      <Checkbox
        inputRef={field.ref}
        name={field.name}
        checked={field.value === true}
        label={props.label}
        className={props.className}
        disabled={props.disabled}
        onChange={(e) => {
          field.onChange(e.currentTarget.checked);
          props.onChecked?.(e.currentTarget.checked);
        }}
        onBlur={field.onBlur}
      />
      {error ? <FormGroup intent="danger" helperText={error} /> : null}
    </>
  );
};
