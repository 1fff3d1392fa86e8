import { defineErrors } from '../errors';

/** AI replies, automation, approval links and brand settings. */
export const reviewsAiErrors = defineErrors({
  noCompany: { code: 'REVIEWS_AI.NO_COMPANY', kind: 'not_found', message: 'No company is selected' },
  reviewNotFound: { code: 'REVIEWS_AI.REVIEW_NOT_FOUND', kind: 'not_found', message: 'The review was not found' },
  locationNotFound: { code: 'REVIEWS_AI.LOCATION_NOT_FOUND', kind: 'not_found', message: 'A selected location was not found' },
  noReviewWithText: { code: 'REVIEWS_AI.NO_REVIEW', kind: 'not_found', message: 'There is no review with text to draft a sample reply for yet' },
  notScheduled: { code: 'REVIEWS_AI.NOT_SCHEDULED', kind: 'conflict', message: 'This reply is no longer waiting in the outbox' },
  notAwaitingApproval: { code: 'REVIEWS_AI.NOT_AWAITING_APPROVAL', kind: 'conflict', message: 'This reply is no longer waiting for approval' },
  linkInvalid: {
    code: 'REVIEWS_AI.LINK_INVALID',
    kind: 'not_found',
    message: 'This approval link is not valid. Please use the link from the most recent approval email.',
  },
  linkExpired: { code: 'REVIEWS_AI.LINK_EXPIRED', kind: 'rule', message: 'This approval link has expired. The reply was not posted.' },
  alreadyAnswered: {
    code: 'REVIEWS_AI.ALREADY_ANSWERED',
    kind: 'conflict',
    message: 'This review has already been answered, so the drafted reply was withdrawn. Nothing was changed on Google.',
  },
  linkUsed: { code: 'REVIEWS_AI.LINK_USED', kind: 'conflict', message: 'This approval link has already been used.' },
  emptyReply: { code: 'REVIEWS_AI.EMPTY_REPLY', kind: 'validation', message: 'The reply is empty' },
  replyTooLong: { code: 'REVIEWS_AI.REPLY_TOO_LONG', kind: 'validation', message: "The reply is longer than Google's limit of 4096 bytes" },
  notSetUp: {
    code: 'REVIEWS_AI.NOT_SET_UP',
    kind: 'rule',
    message:
      'AI replies are not set up for your company: a company admin sets the AI service in Settings → Company Variables (LlmApiKey, and LlmBaseUrl for your own service).',
  },
  llmFailed: { code: 'REVIEWS_AI.LLM_FAILED', kind: 'unavailable', message: 'The AI service did not answer. Please try again later.' },
  invalidStarRange: { code: 'REVIEWS_AI.INVALID_STAR_RANGE', kind: 'validation', message: 'A rule needs its lowest star rating at or below its highest' },
});
