import type { ReplyAuthor, SentimentLabel } from './events';

/**
 * Read-model collections of the reviews slice (projectors/src/reviews).
 * - `reviews`: one document per review (_id = reviewId), both review tables read it.
 * - `review-location-stats`: one per location (_id = locationId): counts and average rating
 *   (the directory's Rating column, the location header).
 * - `review-company-stats`: one per company (_id = companyId): the same over the company
 *   (the dashboard's "Google Business" and "Unresponded Google Reviews" tiles).
 * - `review-growth`: per day reviews were created, one for the company and one per location
 *   (_id `<companyId or locationId>:<yyyy-mm-dd>`): the growth chart reads the company's, or
 *   sums those of the locations a company user may see.
 *
 * Flags the store indexes are numbers (0/1), not booleans: a path that ever held a boolean
 * is no longer answered in SQL by the embedded read store.
 */
export const REVIEWS_COLLECTION = 'reviews';
export const REVIEW_LOCATION_STATS_COLLECTION = 'review-location-stats';
export const REVIEW_COMPANY_STATS_COLLECTION = 'review-company-stats';
export const REVIEW_GROWTH_COLLECTION = 'review-growth';

/** The reply's state in Locus: none, on Google, being sent or deleted, or the last write failed. */
export type ReplyState = 'none' | 'posted' | 'pending' | 'deleting' | 'failed';

export interface ReviewHistoryEntry {
  /** 'received' | 'updated' | 'removed' | 'reply-posted' | 'reply-deleted' | 'reply-failed' */
  kind: string;
  at: string;
  starRating: number | null;
  comment: string | null;
  by: ReplyAuthor | null;
  message: string | null;
}

export interface ReviewDoc {
  _id: string;
  companyId: string;
  locationId: string;
  locationTitle: string;
  googleName: string;
  googleReviewId: string;
  reviewerName: string;
  reviewerPhotoUrl: string | null;
  starRating: number;
  comment: string | null;
  createTime: string;
  updateTime: string;
  replyComment: string | null;
  replyUpdateTime: string | null;
  replyBy: ReplyAuthor | null;
  replyState: ReplyState;
  replyError: string | null;
  /** The request id of the reply write or delete in flight (pending / deleting), else null. */
  replyRequestId: string | null;
  /** 1 when Google holds a reply. */
  responded: 0 | 1;
  /** 1 once Google no longer returns it. */
  removed: 0 | 1;
  removedAt: string | null;
  sentimentScore: number;
  sentimentLabel: SentimentLabel;
  /** Every change, oldest first: a changed review keeps its old stars and text here. */
  history: ReviewHistoryEntry[];
  /** Sort keys: the reply lowercased ('' without), the reviewer's name lowercased. */
  replySort: string;
  reviewerSort: string;
  /** Lowercased reviewer name and comment joined by U+0001 (text search). */
  searchText: string;
  [key: string]: unknown;
}

export interface ReviewStatsCounts {
  /** Reviews Google still returns. */
  total: number;
  /** Of those, without a reply on Google. */
  unresponded: number;
  removed: number;
  /** Sum of stars of `total` reviews, and the average (two decimals; null without reviews). */
  ratingSum: number;
  averageRating: number | null;
  /** Count of current reviews per star, index 0 = 1 star. */
  byStars: [number, number, number, number, number];
  lastReviewAt: string | null;
}

export interface ReviewLocationStatsDoc extends ReviewStatsCounts {
  _id: string;
  companyId: string;
  locationId: string;
  /** The location's title (kept current from the location's events; copied onto its reviews). */
  locationTitle: string;
  /** The connected Google account the location is under (its disconnection takes the reviews away). */
  connectionId: string | null;
  /** Google's averageRating / totalReviewCount at the last review sync (null before one). */
  googleAverageRating: number | null;
  googleTotalReviewCount: number | null;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  [key: string]: unknown;
}

export interface ReviewCompanyStatsDoc extends ReviewStatsCounts {
  _id: string;
  companyId: string;
  [key: string]: unknown;
}

export interface ReviewGrowthDoc {
  /** `<scopeId>:<yyyy-mm-dd>` */
  _id: string;
  companyId: string;
  /** The company's id (its whole growth) or a location's id. */
  scopeId: string;
  /** yyyy-mm-dd (UTC) of the reviews' CreateTime. */
  day: string;
  /** Reviews created that day that Google still returns. */
  count: number;
  [key: string]: unknown;
}
