import type { LocationContentEvent } from '@locus/contracts';

/**
 * Aggregate `location-content-<locationId>`: which posts and photos a location has, by Locus's
 * id, with Google's name once Google holds them. Enough to decide requests idempotently; the
 * content itself lives in the events and the read models.
 */
export type ContentItemStatus = 'pending' | 'live' | 'failed';
export interface ContentItem {
  googleName: string | null;
  status: ContentItemStatus;
  /** The delete request waiting for Google, if any. */
  pendingDelete: string | null;
  /** A post Google holds for its review (PROCESSING): the review schedule asks Google until it decides. */
  inReview?: boolean;
}
export interface ContentState {
  companyId: string | null;
  posts: Record<string, ContentItem>;
  media: Record<string, ContentItem>;
}

export const initialContentState = (): ContentState => ({ companyId: null, posts: {}, media: {} });

/** Items from a refresh replace the ones Google held; Locus's own pending and failed ones stay. */
function refreshed(current: Record<string, ContentItem>, fromGoogle: { id: string; name: string; inReview?: boolean }[]): Record<string, ContentItem> {
  const next: Record<string, ContentItem> = {};
  for (const [id, item] of Object.entries(current)) if (item.status !== 'live') next[id] = item;
  for (const g of fromGoogle)
    next[g.id] = { googleName: g.name, status: 'live', pendingDelete: current[g.id]?.pendingDelete ?? null, ...(g.inReview ? { inReview: true } : {}) };
  return next;
}

const IN_REVIEW = 'PROCESSING';

const without = (items: Record<string, ContentItem>, id: string) => {
  const { [id]: _gone, ...rest } = items;
  return rest;
};
const patch = (items: Record<string, ContentItem>, id: string, change: Partial<ContentItem>) =>
  items[id] ? { ...items, [id]: { ...items[id], ...change } } : items;

export function evolveContent(state: ContentState, event: LocationContentEvent): ContentState {
  const s: ContentState = { ...state, companyId: state.companyId ?? event.data.companyId };
  switch (event.type) {
    case 'LocationContentRefreshRequested':
    case 'LocationQuestionsRefreshed':
    case 'LocationContentRefreshFailed':
      return s;
    case 'LocationPostsRefreshed':
      return {
        ...s,
        posts: refreshed(
          s.posts,
          event.data.posts.map((p) => ({ id: p.postId, name: p.name, inReview: p.state === IN_REVIEW })),
        ),
      };
    case 'LocationMediaRefreshed':
      return {
        ...s,
        media: refreshed(
          s.media,
          event.data.items.map((m) => ({ id: m.mediaId, name: m.name })),
        ),
      };
    case 'LocalPostRequested':
      return { ...s, posts: { ...s.posts, [event.data.postId]: { googleName: null, status: 'pending', pendingDelete: null } } };
    case 'LocalPostPublished':
      return {
        ...s,
        posts: patch(s.posts, event.data.postId, { googleName: event.data.post.name, status: 'live', inReview: event.data.post.state === IN_REVIEW }),
      };
    case 'LocalPostApprovedByGoogle':
    case 'LocalPostRejectedByGoogle':
      return { ...s, posts: patch(s.posts, event.data.postId, { inReview: false }) };
    case 'LocalPostFailed':
      return { ...s, posts: patch(s.posts, event.data.postId, { status: 'failed' }) };
    case 'LocalPostDeleteRequested':
      return { ...s, posts: patch(s.posts, event.data.postId, { pendingDelete: event.data.requestId }) };
    case 'LocalPostDeleted':
      return { ...s, posts: without(s.posts, event.data.postId) };
    case 'LocalPostDeleteFailed':
      return { ...s, posts: patch(s.posts, event.data.postId, { pendingDelete: null }) };
    case 'LocationMediaRequested':
      return { ...s, media: { ...s.media, [event.data.mediaId]: { googleName: null, status: 'pending', pendingDelete: null } } };
    case 'LocationMediaAdded':
      return { ...s, media: patch(s.media, event.data.mediaId, { googleName: event.data.item.name, status: 'live' }) };
    case 'LocationMediaFailed':
      return { ...s, media: patch(s.media, event.data.mediaId, { status: 'failed' }) };
    case 'LocationMediaDeleteRequested':
      return { ...s, media: patch(s.media, event.data.mediaId, { pendingDelete: event.data.requestId }) };
    case 'LocationMediaDeleted':
      return { ...s, media: without(s.media, event.data.mediaId) };
    case 'LocationMediaDeleteFailed':
      return { ...s, media: patch(s.media, event.data.mediaId, { pendingDelete: null }) };
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}
