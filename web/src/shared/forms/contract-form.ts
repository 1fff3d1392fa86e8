import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { labelFieldNames } from '@locus/contracts';
import { fieldErrorsOf } from '@web/shared/lib/envelope';

/** A zod schema whose input is a form's values (an object). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
/** A contracts route with a body schema. */
export interface BodyRoute<S extends FormSchema> {
  request: { body: S };
}

export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** When a field's error shows: once the field was left (or a submit tried), or at every keystroke. */
export type ShowErrors = 'once-left' | 'as-typed';

const schemaOf = <S extends FormSchema>(source: S | BodyRoute<S>): S => ('request' in source ? source.request.body : source);

/**
 * A react-hook-form form validated by a route's body schema (or a schema from the contracts), so
 * the form refuses what the server would with the server's own messages. Errors show once a field
 * has been left or a submit was tried (or as typed, when asked); `handleSubmit` hands over the
 * schema's output (trimmed, defaulted).
 */
export const useContractForm = <S extends FormSchema>(
  source: S | BodyRoute<S>,
  defaults: DefaultValues<z.input<S>>,
  options: { showErrors?: ShowErrors } = {},
): ContractForm<S> => useForm<z.input<S>, unknown, z.output<S>>(contractFormOptions(source, defaults, options));

/** The options `useContractForm` gives react-hook-form (apart for specs, which run without React). */
export const contractFormOptions = <S extends FormSchema>(
  source: S | BodyRoute<S>,
  defaults: DefaultValues<z.input<S>>,
  { showErrors = 'once-left' }: { showErrors?: ShowErrors } = {},
): UseFormProps<z.input<S>, unknown, z.output<S>> => ({
  resolver: withLabels(zodResolver(schemaOf(source))),
  defaultValues: defaults,
  mode: showErrors === 'as-typed' ? 'onChange' : 'onTouched',
});

/** The schema's messages name wire fields (`PrimaryEmail`); people read the labels they see, as the server writes them. */
const withLabels =
  <V extends FieldValues, O>(resolver: Resolver<V, unknown, O>): Resolver<V, unknown, O> =>
  async (values, context, options) => {
    const result = await resolver(values, context, options);
    relabel(result.errors);
    return result;
  };

function relabel(errors: FieldErrors | undefined): void {
  if (typeof errors !== 'object' || errors === null) return;
  for (const [key, value] of Object.entries(errors)) {
    // `ref` is the input's DOM element
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string') Reflect.set(errors, key, labelFieldNames(value));
    else if (typeof value === 'object' && value !== null) relabel(value as FieldErrors);
  }
}

/** The parts of a form the server's answer is put on. */
type FormFields<T extends FieldValues> = Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>;

/**
 * The deepest part of the server's field name (`Locations[0].Title`) that the form holds: the
 * whole path, or its start when the form keeps that part as one field (a list typed as text).
 */
const formFieldOf = (values: unknown, field: string): string | undefined => {
  let node = values;
  const found: string[] = [];
  for (const part of field.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, part)) break;
    node = Reflect.get(node, part);
    found.push(part);
  }
  return found.length > 0 ? found.join('.') : undefined;
};

const isFieldOf = <T extends FieldValues>(form: FormFields<T>, name: string): name is Path<T> => formFieldOf(form.getValues(), name) === name;

/**
 * Puts a 400 answer's field list (`ApiError.Fields`) on the form's fields; a field the form does not
 * have is left to the caller's toast. Returns how many fields got a message. `under` names the
 * body's key the form's values are sent under (`Location`, when the form holds `Location.Title` as `Title`).
 */
export const showServerFieldErrors = <T extends FieldValues>(error: unknown, form: FormFields<T>, { under }: { under?: string } = {}): number => {
  let shown = 0;
  for (const [sent, message] of Object.entries(fieldErrorsOf(error))) {
    const field = under && sent.startsWith(`${under}.`) ? sent.slice(under.length + 1) : sent;
    const name = formFieldOf(form.getValues(), field);
    if (name === undefined || !isFieldOf(form, name)) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
};

/**
 * A field's message: its own, or for a list (or object) held as one field the first of its
 * items' messages (`Keywords[2]` refused shows under Keywords).
 */
export const errorMessageOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const own: unknown = Reflect.get(error, 'message');
  if (typeof own === 'string' && own !== '') return own;
  for (const [key, value] of Object.entries(error)) {
    // `ref` is the input's DOM element
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = errorMessageOf(value);
    if (found) return found;
  }
  return undefined;
};

/**
 * The fields of a body whose value differs from the body the form started from: what a command
 * sends when it carries only what the user changed.
 */
export const changedFields = <B extends object>(after: B, before: B): Partial<B> => {
  const changed: Partial<B> = {};
  for (const key of Object.keys(after) as (keyof B)[]) if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changed[key] = after[key];
  return changed;
};
