import { defineErrors } from '../errors';
import { companyMessages as m } from './messages';

/** Companies' error codes (spec part 2 §5, §8). */
export const companyErrors = defineErrors({
  notFound: { code: 'COMPANY.NOT_FOUND', kind: 'not_found', message: m.companyNotFound },
  alreadyExists: { code: 'COMPANY.ALREADY_EXISTS', kind: 'conflict', message: 'This company already exists.' },
  inactive: { code: 'COMPANY.INACTIVE', kind: 'rule', message: m.companyInactive },
  adminNotFound: { code: 'COMPANY.ADMIN_NOT_FOUND', kind: 'not_found', message: m.companyAdminNotFound },
  defaultAdmin: { code: 'COMPANY.DEFAULT_ADMIN', kind: 'rule', message: m.cannotDeleteDefaultAdmin },
  adminInactive: { code: 'COMPANY.ADMIN_INACTIVE', kind: 'rule', message: m.companyAdminInactive },
  notViewingAsAdmin: { code: 'COMPANY.NOT_VIEWING_AS_ADMIN', kind: 'forbidden', message: m.notViewingAsAdmin },
});
