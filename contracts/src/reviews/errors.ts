import { defineErrors } from '../errors';
import { reviewMessages } from './messages';

/** Reviews' error codes: another company's review or location answers as not found. */
export const reviewErrors = defineErrors({
  notFound: { code: 'REVIEWS.NOT_FOUND', kind: 'not_found', message: reviewMessages.reviewNotFound },
  locationMismatch: { code: 'REVIEWS.LOCATION_MISMATCH', kind: 'validation', message: reviewMessages.locationMismatch },
  reviewIdMismatch: { code: 'REVIEWS.REVIEW_ID_MISMATCH', kind: 'validation', message: reviewMessages.reviewIdMismatch },
  removed: { code: 'REVIEWS.REMOVED', kind: 'rule', message: reviewMessages.reviewRemovedNoReply },
  /** An automated or approved reply meets a review someone already answered (and Overwrite is off). */
  alreadyAnswered: { code: 'REVIEWS.ALREADY_ANSWERED', kind: 'conflict', message: 'The review has already been answered; its reply was kept' },
  pushUnauthorized: {
    code: 'REVIEWS.PUSH_UNAUTHORIZED',
    kind: 'unauthenticated',
    message: 'The notification is not signed by Google for this endpoint (its OIDC token is missing, expired or not for this audience)',
  },
  pushMalformed: { code: 'REVIEWS.PUSH_MALFORMED', kind: 'validation', message: 'message.data is not a Business Profile notification' },
  noReply: { code: 'REVIEWS.NO_REPLY', kind: 'rule', message: reviewMessages.noReplyToDelete },
});
