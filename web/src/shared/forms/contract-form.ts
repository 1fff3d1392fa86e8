import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type UseFormProps, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from '@web/shared/lib/envelope';

/** A zod schema whose input is a form's values (an object). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
/** A contracts route with a body schema. */
export interface BodyRoute<S extends FormSchema> {
  request: { body: S };
}

export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

const schemaOf = <S extends FormSchema>(source: S | BodyRoute<S>): S => ('request' in source ? source.request.body : source);

/**
 * A react-hook-form form validated by a route's body schema (or a schema from the contracts), so
 * the form refuses what the server would with the server's own messages. Errors show once a field
 * has been left or a submit was tried; `handleSubmit` hands over the schema's output (trimmed, defaulted).
 */
export const useContractForm = <S extends FormSchema>(source: S | BodyRoute<S>, defaults: DefaultValues<z.input<S>>): ContractForm<S> =>
  useForm<z.input<S>, unknown, z.output<S>>(contractFormOptions(source, defaults));

/** The options `useContractForm` gives react-hook-form (apart for specs, which run without React). */
export const contractFormOptions = <S extends FormSchema>(
  source: S | BodyRoute<S>,
  defaults: DefaultValues<z.input<S>>,
): UseFormProps<z.input<S>, unknown, z.output<S>> => ({
  resolver: zodResolver(schemaOf(source)),
  defaultValues: defaults,
  mode: 'onTouched',
});

/** The parts of a form the server's answer is put on. */
type FormFields<T extends FieldValues> = Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>;

/** The server names `Locations[0].Title` what the form calls `Locations.0.Title`. */
const formPathOf = (field: string): string => field.replace(/\[(\d+)\]/g, '.$1');

const isFieldOf = <T extends FieldValues>(form: FormFields<T>, name: string): name is Path<T> => get(form.getValues(), name) !== undefined;

/**
 * Puts a 400 answer's field list (`ApiError.Fields`) on the form's fields; a field the form does not
 * have is left to the caller's toast. Returns how many fields got a message.
 */
export const showServerFieldErrors = <T extends FieldValues>(error: unknown, form: FormFields<T>): number => {
  let shown = 0;
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const name = formPathOf(field);
    if (!isFieldOf(form, name)) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
};
