import { defineErrors } from '../errors';
import { localezeMessages as m } from './routes';

export const localezeErrors = defineErrors({
  noListing: { code: 'LOCALEZE.NO_LISTING', kind: 'rule', message: m.noListing },
  listingNotFound: { code: 'LOCALEZE.LISTING_NOT_FOUND', kind: 'not_found', message: m.listingNotFound },
  unavailable: { code: 'LOCALEZE.UNAVAILABLE', kind: 'unavailable', message: m.unavailable },
});
