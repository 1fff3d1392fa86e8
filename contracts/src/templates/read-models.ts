import type { TemplatePost } from './post';

/**
 * Read models of post templates (projectors/src/templates).
 * - `post-templates`: one document per template, with its publishing progress.
 * - `post-template-locations`: one document per template (same _id), its locations.
 * - `post-template-logs`: one document per (template, location) post (_id `<templateId>:<locationId>`).
 */
export const POST_TEMPLATES_COLLECTION = 'post-templates';
export const POST_TEMPLATE_LOCATIONS_COLLECTION = 'post-template-locations';
export const POST_TEMPLATE_LOGS_COLLECTION = 'post-template-logs';

export type PostTemplateStatus = 'draft' | 'scheduled' | 'publishing' | 'published';

export interface PostTemplateFailure {
  locationId: string;
  locationName: string;
  message: string;
  /** `failed`: Google was not reached or refused the call (retryable); `rejected`: Google took the post and rejected it. */
  kind: 'failed' | 'rejected';
}

/**
 * A template and its progress, rewritten on every post's outcome: its locations (a thousand ids
 * and more) are a document of their own, `PostTemplateLocationsDoc`, written when they change.
 */
export interface PostTemplateDoc {
  _id: string;
  companyId: string;
  post: TemplatePost;
  scheduleDate: string | null;
  status: PostTemplateStatus;
  publishDate: string | null;
  total: number;
  /** Posts Google accepted and shows (LIVE). */
  done: number;
  /** Posts Google accepted and holds for its review (PROCESSING). */
  inReview: number;
  /** Posts Google rejected (state REJECTED). */
  rejected: number;
  failed: number;
  failures: PostTemplateFailure[];
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/** The template's locations: the saved ones, then those of its last publish. */
export interface PostTemplateLocationsDoc {
  /** The template's id. */
  _id: string;
  companyId: string;
  locationIds: string[];
  [key: string]: unknown;
}

/** `pending`: not answered yet; `in-review`: Google holds it for review; `rejected`: Google rejected it. */
export type TemplatePostStatus = 'pending' | 'published' | 'in-review' | 'rejected' | 'failed';

export interface PostTemplateLogDoc {
  _id: string;
  companyId: string;
  templateId: string;
  locationId: string;
  locationName: string;
  status: TemplatePostStatus;
  createdDate: string | null;
  actualContent: string;
  localPostUrl: string | null;
  error: string | null;
  /** Lowercased location name (log search). */
  locationNameLower: string;
  [key: string]: unknown;
}
