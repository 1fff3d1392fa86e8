import { defineErrors } from '../errors';
import { bulkEditMessages as m } from './messages';

export const bulkEditErrors = defineErrors({
  invalidValue: { code: 'BULK_EDIT.INVALID_VALUE', kind: 'validation', message: 'A rendered value is not acceptable for this location' },
  jobNotFound: { code: 'BULK_EDIT.NOT_FOUND', kind: 'not_found', message: m.jobNotFound },
  noLocationFound: { code: 'BULK_EDIT.NO_LOCATION_FOUND', kind: 'not_found', message: m.noLocationFound },
  nothingToChange: { code: 'BULK_EDIT.NOTHING_TO_CHANGE', kind: 'validation', message: m.nothingToChange },
  nothingToRetry: { code: 'BULK_EDIT.NOTHING_TO_RETRY', kind: 'rule', message: m.nothingToRetry },
  stillRunning: { code: 'BULK_EDIT.RUNNING', kind: 'rule', message: m.stillRunning },
  defaultMediaRequired: { code: 'BULK_EDIT.DEFAULT_MEDIA_REQUIRED', kind: 'validation', message: m.defaultMediaRequired },
  alreadyFinished: { code: 'BULK_EDIT.FINISHED', kind: 'rule', message: m.alreadyFinished },
});
