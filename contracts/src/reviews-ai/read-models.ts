import type { AiReplySettings, AutoReplyRule, BrandSettings } from './events';

/** One document per company: its AI review settings and auto-reply rules (`_id` = companyId). */
export const REVIEWS_AI_SETTINGS_COLLECTION = 'reviews-ai-settings';
export interface ReviewsAiSettingsDoc extends AiReplySettings {
  _id: string;
  companyId: string;
  rules: AutoReplyRule[];
  /** When automation was last switched on: only reviews written after it are answered (not the imported history). */
  enabledAt: string | null;
  updatedAt: string;
  [key: string]: unknown;
}

/** One document per company: its brand for replies (`_id` = companyId). */
export const BRAND_SETTINGS_COLLECTION = 'brand-settings';
export interface BrandSettingsDoc extends BrandSettings {
  _id: string;
  companyId: string;
  updatedAt: string;
  [key: string]: unknown;
}

/**
 * Where the automation stands for each review: `none` (nothing done yet), `drafting` is not
 * stored (the reactor works from the review event), `scheduled` (in the outbox until dueAt),
 * `awaiting-approval`, `posting` (handed to Google), `posted` (on Google), `cancelled`, `rejected`, `left`, `failed`,
 * `withdrawn` (a person answered the review first).
 */
export const AUTOMATION_STATUSES = [
  'none',
  'scheduled',
  'awaiting-approval',
  'posting',
  'posted',
  'cancelled',
  'rejected',
  'left',
  'failed',
  'withdrawn',
] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

/**
 * One document per review (`_id` = reviewId), fed by the review's own events (who wrote it,
 * stars, text, so the approval page and the random sample need no other read model) and by
 * the automation's events.
 */
export const REVIEW_AUTOMATION_COLLECTION = 'review-automation';
export interface ReviewAutomationDoc {
  _id: string;
  companyId: string;
  locationId: string;
  reviewerName: string;
  reviewerPhotoUrl: string | null;
  starRating: number;
  comment: string | null;
  /** 1 when the review has text (numbers, not booleans: the embedded store indexes them in SQL). */
  hasText: 0 | 1;
  createTime: string;
  hasReply: 0 | 1;
  removed: 0 | 1;
  status: AutomationStatus;
  /** The latest draft (any purpose) and its facts. */
  draft: { draftId: string; comment: string; model: string; promptVersion: string; promptTokens: number; completionTokens: number; draftedAt: string } | null;
  ruleId: string | null;
  /** Outbox: when a scheduled draft is posted. */
  dueAt: string | null;
  approvalId: string | null;
  approvalExpiresAt: string | null;
  /** The last LLM failure, shown in the outbox. */
  error: string | null;
  /** What was finally handed to Google and by whom. */
  outcome: { comment: string; by: string; at: string } | null;
  updatedAt: string;
  [key: string]: unknown;
}
