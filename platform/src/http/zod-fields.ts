import { z } from 'zod';
import { labelFieldNames } from '@locus/contracts';
import type { FieldError } from './errors';

/** `['Locations', 0, 'Title']` → `Locations[0].Title`; the root is named by `where`. */
export function fieldName(path: readonly PropertyKey[], where?: string): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name ? `.${String(key)}` : String(key);
  }
  return name || where || 'body';
}

/** One field error per failing field, named by its path; the message names fields by their labels. */
export function fieldsOfZodError(error: z.core.$ZodError, where?: string): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: fieldName([...issue.path, key], where), message: 'Unknown field' });
    } else {
      fields.push({ field: fieldName(issue.path, where), message: labelFieldNames(issue.message) });
    }
  }
  return fields;
}

export const isZodError = (err: unknown): err is z.core.$ZodError => err instanceof z.core.$ZodError;
