import { COMPANY_REVIEWS_PAGE_SIZE, LOCATION_REVIEWS_PAGE_SIZE, REVIEW_REPLY_MAX_BYTES, reviewMessages } from '@locus/contracts';

export { COMPANY_REVIEWS_PAGE_SIZE, LOCATION_REVIEWS_PAGE_SIZE, REVIEW_REPLY_MAX_BYTES };

/** Texts of the reviews screens (spec part 2 §2, §8; the contracts' messages). */
export const reviewTexts = {
  title: 'Reviews',
  subtitle: 'Every Google review of your locations, in one place.',
  totalReviews: 'Total Reviews',
  unresponded: 'Unresponded Reviews',
  averageRating: 'Average Rating',
  removed: 'Removed',
  growthTitle: 'Reviews Growth',
  growthDays: (d: number) => `Last ${d} days`,
  newReviews: 'New reviews',
  totalLine: 'Total reviews',
  ratingFilter: 'Rating',
  ratingHint: 'Click a star to show reviews with at least that many stars; click it again to clear.',
  onlyUnresponded: 'Unresponded only',
  search: 'Search reviewer or comment',
  exportCsv: 'Export',
  exportHint: 'Download the reviews shown (every page, with these filters) as a CSV file',
  exportFailed: 'The reviews could not be exported',
  exported: (file: string) => `Saved ${file}`,
  clear: 'Clear',
  columns: { review: 'Review', location: 'Location', response: 'Response', date: 'Review Date', actions: 'Actions' },
  sortBy: 'Sort by',
  sorts: {
    CreateTime: 'Review Date',
    StarRating: 'Rating',
    ReviewReplyComment: 'Response',
    ReviewerDisplayName: 'Reviewer',
    LocationTitle: 'Location',
    Sentiment: 'Sentiment',
  },
  reply: 'Reply',
  editReply: 'Edit Reply',
  deleteReply: 'Delete Reply',
  replyDialogTitle: 'Reply to review',
  replyPlaceholder: 'Write your reply…',
  send: 'Post Reply',
  cancel: 'Cancel',
  repliedOn: (d: string) => `Replied on ${d}`,
  replyBy: (name: string) => `by ${name}`,
  pending: 'Sending to Google…',
  deleting: 'Deleting on Google…',
  failed: 'Google refused the last reply',
  edited: 'Edited by the reviewer',
  history: 'History',
  historyReceived: 'Written (as first read)',
  historyUpdated: 'Changed by the reviewer; before:',
  historyReplyPosted: 'Reply posted',
  historyReplyDeleted: 'Reply deleted',
  anonymous: 'A Google user',
  genericFailure: 'Something went wrong; please try again.',
  /** Google counts a reply in bytes of UTF-8: an accented letter takes 2, an emoji 4. */
  bytesUsed: (used: number, max: number) => `${used.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} bytes`,
  bytesOver: (over: number) => `${over.toLocaleString('en-US')} bytes over Google's limit`,
  ...reviewMessages,
} as const;

export const SENTIMENT_INTENT = { Positive: 'success', Neutral: 'none', Negative: 'danger' } as const;

/** `Nov 23, 2026: 10 total reviews` (nivo's default reads `x: 11/23/2026, y: 10`). */
export const growthTooltip = (date: string, count: number, series: string) => `${date}: ${count.toLocaleString('en-US')} ${series.toLowerCase()}`;
