import { defineErrors } from '../errors';
import { locationMessages as m } from './messages';

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
