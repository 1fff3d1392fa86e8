import { defineErrors } from '../errors';
import { templateMessages as m } from './messages';

/** Post templates' error codes. Another company's template answers as not found. */
export const templateErrors = defineErrors({
  notFound: { code: 'TEMPLATE.NOT_FOUND', kind: 'not_found', message: m.notFound },
  alreadyPublished: { code: 'TEMPLATE.ALREADY_PUBLISHED', kind: 'rule', message: m.alreadyPublished },
  noLocations: { code: 'TEMPLATE.NO_LOCATIONS', kind: 'validation', message: m.noLocations },
  notScheduled: { code: 'TEMPLATE.NOT_SCHEDULED', kind: 'rule', message: m.notScheduled },
  nothingToRetry: { code: 'TEMPLATE.NOTHING_TO_RETRY', kind: 'rule', message: m.nothingToRetry },
  unknownLocations: { code: 'TEMPLATE.UNKNOWN_LOCATIONS', kind: 'not_found', message: m.unknownLocations },
  imageMissing: { code: 'TEMPLATE.IMAGE_MISSING', kind: 'validation', message: m.imageMissing },
  imageNotImage: { code: 'TEMPLATE.IMAGE_NOT_IMAGE', kind: 'validation', message: m.imageNotImage },
  imageTooLarge: { code: 'TEMPLATE.IMAGE_TOO_LARGE', kind: 'validation', message: m.imageTooLarge },
});
