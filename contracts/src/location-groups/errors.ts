import { defineErrors } from '../errors';
import { locationGroupMessages as m } from './messages';

/** Location groups' error codes: another company's group, location or user answers as not found. */
export const locationGroupErrors = defineErrors({
  notFound: { code: 'LOCATION_GROUP.NOT_FOUND', kind: 'not_found', message: m.notFound },
  nameTaken: { code: 'LOCATION_GROUP.NAME_TAKEN', kind: 'validation', message: m.nameTaken },
  locationNotFound: { code: 'LOCATION_GROUP.LOCATION_NOT_FOUND', kind: 'not_found', message: m.locationNotFound },
  userNotFound: { code: 'LOCATION_GROUP.USER_NOT_FOUND', kind: 'not_found', message: m.userNotFound },
  notCompanyUser: { code: 'LOCATION_GROUP.NOT_COMPANY_USER', kind: 'validation', message: m.notCompanyUser },
  userNotAssigned: { code: 'LOCATION_GROUP.USER_NOT_ASSIGNED', kind: 'not_found', message: m.userNotAssigned },
});
