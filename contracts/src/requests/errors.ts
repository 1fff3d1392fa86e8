import { defineErrors } from '../errors';

/**
 * Errors any route can answer: invalid input and a write that lost a race. (The transport's own
 * answers — body too large, unsupported encoding, malformed JSON, 405/501, 500 — are mapped in one
 * place, platform/src/http/error-middleware.ts, each with one message.)
 */
export const requestErrors = defineErrors({
  /** The failing field's own message leads when one body field fails (the spec's texts); else the part's summary. */
  validationFailed: { code: 'VALIDATION.FAILED', kind: 'validation', message: (lead: string = 'One or more fields are invalid') => lead },
  concurrencyConflict: { code: 'CONCURRENCY.CONFLICT', kind: 'conflict', message: 'The data was changed by someone else; reload and try again' },
});
