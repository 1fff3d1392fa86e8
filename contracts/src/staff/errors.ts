import { defineErrors } from '../errors';

/** Staff's error codes: another company's staff list or member answers as not found. */
export const staffErrors = defineErrors({
  notFound: { code: 'STAFF.NOT_FOUND', kind: 'not_found', message: 'The staff member was not found' },
});
