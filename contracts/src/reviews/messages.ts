/** Texts of the reviews screens (spec part 2 §2, §8; Locus's own where the spec has none). */
export const reviewMessages = {
  replyUpdated: 'Your reply to this review has been updated',
  replyDeleted: 'Your reply to this review has been deleted',
  confirmDeleteReply: 'Are you sure you want to delete your reply to this review?',
  notRepliedYet: 'Not replied to yet...',
  noReviews: 'No reviews found.',
  reviewsHeadline: (n: number) => `${n} Reviews`,
  unrespondedHeadline: (n: number) => `${n} Unresponded Reviews`,
  replyPending: 'Sending your reply to Google…',
  replyStillPending: 'Your reply is queued and will be sent to Google shortly',
  reviewRemoved: 'Removed from Google',
  reviewNotFound: 'The review was not found',
  reviewIdMismatch: 'ReviewId must be the review named in the path',
  locationMismatch: 'The review does not belong to this location',
  reviewRemovedNoReply: 'This review was removed from Google and can no longer be answered',
  noReplyToDelete: 'This review has no reply to delete',
} as const;
