import type { MediaView, PostView, QuestionView } from './dto';

/**
 * Read models of the details page's sections (projectors/src/location-content), one document
 * per location (`_id` = location id): a location has tens of posts and photos, read whole.
 */
export const LOCATION_POSTS_COLLECTION = 'location-posts';
export const LOCATION_MEDIA_COLLECTION = 'location-media';
export const LOCATION_QUESTIONS_COLLECTION = 'location-questions';

interface PerLocation {
  _id: string;
  companyId: string;
  refreshedAt: string | null;
  [key: string]: unknown;
}
export interface LocationPostsDoc extends PerLocation {
  posts: PostView[];
  /** The state each post being deleted had (and has on Google meanwhile): shown again if the delete fails. */
  stateBeforeDelete?: Record<string, PostView['State']>;
}
export interface LocationMediaDoc extends PerLocation {
  items: MediaView[];
}
export interface LocationQuestionsDoc extends PerLocation {
  questions: QuestionView[];
}
