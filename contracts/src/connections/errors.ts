import { defineErrors } from '../errors';
import { connectionMessages as m } from './messages';

/** Google connections' error codes: one code, one message, one kind. */
export const connectionErrors = defineErrors({
  noCompany: { code: 'CONNECTIONS.NO_COMPANY', kind: 'rule', message: m.noCompany },
  processNotFound: { code: 'CONNECTIONS.PROCESS_NOT_FOUND', kind: 'not_found', message: m.processNotFound },
  processExpired: { code: 'CONNECTIONS.PROCESS_EXPIRED', kind: 'rule', message: m.processNotFound },
  unknownAccount: { code: 'CONNECTIONS.UNKNOWN_ACCOUNT', kind: 'validation', message: m.accountNotInProcess },
  accountNotFound: { code: 'CONNECTIONS.ACCOUNT_NOT_FOUND', kind: 'not_found', message: m.accountNotFound },
  locationAccountNotConnected: {
    code: 'CONNECTIONS.LOCATION_ACCOUNT_NOT_CONNECTED',
    kind: 'not_found',
    message: 'The Google account of this location is not connected',
  },
  companyNameRequired: { code: 'CONNECTIONS.COMPANY_NAME_REQUIRED', kind: 'rule', message: 'Please enter your company name first' },
});
