import { defineErrors } from '../errors';
import { locationMessages as m } from './messages';
import { emailImportMessages } from './email-import';
import { locationDefaultsMessages, uploadMessages } from './defaults';

/**
 * Locations' error codes with a fixed message. Codes whose message names the failing fields or
 * Google's answer (LOCATION.INCOMPLETE, UNKNOWN_CATEGORY, PUBLISH/SYNC/DELETE_FAILED) are not here yet.
 */
export const locationErrors = defineErrors({
  notFound: { code: 'LOCATION.NOT_FOUND', kind: 'not_found', message: m.notFound },
  companyNotFound: { code: 'LOCATION.COMPANY_NOT_FOUND', kind: 'not_found', message: 'Company not found' },
  exists: { code: 'LOCATION.EXISTS', kind: 'rule', message: 'This location already exists' },
  storeCodeTaken: { code: 'LOCATION.STORE_CODE_TAKEN', kind: 'conflict', message: m.storeCodeTaken },
  unknownState: { code: 'LOCATION.UNKNOWN_STATE', kind: 'validation', message: m.unknownState },
  accountNotConnected: { code: 'LOCATION.ACCOUNT_NOT_CONNECTED', kind: 'validation', message: m.accountNotConnected },
  staffPrimary: { code: 'LOCATION.STAFF_PRIMARY', kind: 'rule', message: m.staffCannotBePrimary },
  alreadyPublished: { code: 'LOCATION.ALREADY_PUBLISHED', kind: 'rule', message: m.alreadyPublished },
  notPublished: { code: 'LOCATION.NOT_PUBLISHED', kind: 'rule', message: m.notPublished },
  userNotAssigned: { code: 'LOCATION.USER_NOT_ASSIGNED', kind: 'not_found', message: m.userNotAssigned },
});

/** CSV email import (part 1 §5): one code per rule, with the spec's message. */
export const emailImportErrors = defineErrors({
  onlyCsv: { code: 'EMAIL_IMPORT.NOT_CSV', kind: 'validation', message: emailImportMessages.onlyCsv },
  headers: { code: 'EMAIL_IMPORT.HEADERS', kind: 'validation', message: emailImportMessages.headers },
  noRows: { code: 'EMAIL_IMPORT.NO_ROWS', kind: 'validation', message: emailImportMessages.noRows },
  noValidRecords: { code: 'EMAIL_IMPORT.NO_VALID_RECORDS', kind: 'validation', message: emailImportMessages.noValidRecords },
  fileMissing: { code: 'EMAIL_IMPORT.FILE_MISSING', kind: 'validation', message: emailImportMessages.fileMissing },
  tooLarge: { code: 'EMAIL_IMPORT.TOO_LARGE', kind: 'validation', message: emailImportMessages.tooLarge },
  unreadable: { code: 'EMAIL_IMPORT.UNREADABLE', kind: 'validation', message: emailImportMessages.unreadable },
});

export const locationDefaultsErrors = defineErrors({
  imageNotFound: { code: 'LOCATION_DEFAULTS.IMAGE_NOT_FOUND', kind: 'not_found', message: locationDefaultsMessages.imageNotFound },
});

export const uploadErrors = defineErrors({
  notImage: { code: 'UPLOAD.NOT_IMAGE', kind: 'validation', message: uploadMessages.notImage },
  tooLarge: { code: 'UPLOAD.TOO_LARGE', kind: 'validation', message: uploadMessages.tooLarge },
  missing: { code: 'UPLOAD.MISSING', kind: 'validation', message: uploadMessages.missing },
});

/** Google's own changes: a decision on a field Google no longer shows, and Google refusing the decision. */
export const googleChangesErrors = defineErrors({
  noChange: { code: 'GOOGLE_CHANGES.NO_CHANGE', kind: 'rule', message: (fields: string) => `Google shows no change of ${fields} any more` },
  refused: { code: 'GOOGLE_CHANGES.GOOGLE_REFUSED', kind: 'rule', message: (message: string) => `Saved in Locus, but Google refused it: ${message}` },
});
