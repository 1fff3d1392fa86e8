import { z } from 'zod';

/** Trimmed text of at most `max` characters; the messages name the field. */
export const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** An http(s) URL, or empty. */
export const optionalUrl = (field: string) =>
  text(field, 2048).refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, `${field} must be a valid http(s) URL`);
