import type { ProjectionDefinition, ProjectionDocs } from '@locus/platform/ports';
import {
  LOCATION_MEDIA_COLLECTION,
  LOCATION_POSTS_COLLECTION,
  LOCATION_QUESTIONS_COLLECTION,
  locationContentEventTypes,
  type GoogleMediaItem,
  type GooglePost,
  type LocationContentEvent,
  type LocationEvent,
  type LocationMediaDoc,
  type LocationPostsDoc,
  type LocationQuestionsDoc,
  type MediaView,
  type PostView,
  type QuestionView,
  type GoogleQuestion,
} from '@locus/contracts';

type Handled = LocationContentEvent | Extract<LocationEvent, { type: 'LocationDeleted' }>;

export const postView = (postId: string, p: GooglePost): PostView => ({
  ...p.content,
  PostId: postId,
  Name: p.name,
  State: p.state === 'REJECTED' || p.state === 'PROCESSING' ? p.state : 'LIVE',
  CreateTime: p.createTime,
  Media: p.googleMediaUrl || p.content.MediaUrl ? [{ GoogleUrl: p.googleMediaUrl, SourceUrl: p.content.MediaUrl }] : [],
  SearchUrl: p.searchUrl,
  Error: null,
});

export const mediaView = (mediaId: string, m: GoogleMediaItem): MediaView => ({
  MediaId: mediaId,
  Name: m.name,
  LocationAssociationCategory: m.category,
  SourceUrl: m.sourceUrl,
  GoogleUrl: m.googleUrl,
  ThumbnailUrl: m.thumbnailUrl,
  ViewCount: m.viewCount,
  CreateTime: m.createTime,
  State: 'LIVE',
  Error: null,
});

const questionView = (q: GoogleQuestion): QuestionView => ({
  Name: q.name,
  QuestionText: q.text,
  AuthorDisplayName: q.authorName,
  AuthorProfilePhotoUri: q.authorPhotoUrl,
  UpvoteCount: q.upvoteCount,
  CreatedTime: q.createTime,
  TopAnswers: q.topAnswers.map((a) => ({
    AnswerText: a.text,
    AuthorDisplayName: a.authorName,
    AuthorProfilePhotoUri: a.authorPhotoUrl,
    UpvoteCount: a.upvoteCount,
    CreateTime: a.createTime,
  })),
});

/** Locus's own items Google does not list (still waiting, or refused) stay on top of a refreshed list. */
const notOnGoogle = (s: { Name: string | null }) => s.Name === null;

async function postsDoc(docs: ProjectionDocs, locationId: string, companyId: string): Promise<LocationPostsDoc> {
  return (await docs.get<LocationPostsDoc>(LOCATION_POSTS_COLLECTION, locationId)) ?? { _id: locationId, companyId, posts: [], refreshedAt: null };
}
async function mediaDoc(docs: ProjectionDocs, locationId: string, companyId: string): Promise<LocationMediaDoc> {
  return (await docs.get<LocationMediaDoc>(LOCATION_MEDIA_COLLECTION, locationId)) ?? { _id: locationId, companyId, items: [], refreshedAt: null };
}

/** The details page's Posts, Media and Questions sections: one document per location and section. */
export const locationContentProjection: ProjectionDefinition<Handled> = {
  name: 'location-content',
  // 2: posts Google holds for review shown as PROCESSING, no longer as live
  // 3: a post whose delete failed shows the state it had before (in review, rejected), not live
  version: 3,
  collections: [
    { name: LOCATION_POSTS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    { name: LOCATION_MEDIA_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    { name: LOCATION_QUESTIONS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
  ],
  handles: [...locationContentEventTypes, 'LocationDeleted'],
  async evolve(event, docs) {
    if (event.type === 'LocationDeleted') {
      for (const c of [LOCATION_POSTS_COLLECTION, LOCATION_MEDIA_COLLECTION, LOCATION_QUESTIONS_COLLECTION]) docs.delete(c, event.data.locationId);
      return;
    }
    const { locationId, companyId } = event.data;
    const putPosts = async (change: (posts: PostView[], doc: LocationPostsDoc) => PostView[], refreshedAt?: string) => {
      const stored = await postsDoc(docs, locationId, companyId);
      // A copy: `change` may note states before a delete on it.
      const doc: LocationPostsDoc = { ...stored, stateBeforeDelete: { ...stored.stateBeforeDelete } };
      const posts = change(doc.posts, doc);
      // A post no longer being deleted forgets the state it had before.
      const deleting = Object.entries(doc.stateBeforeDelete ?? {}).filter(([id]) => posts.some((p) => p.PostId === id && p.State === 'DELETING'));
      const { stateBeforeDelete: _, ...rest } = doc;
      docs.put(LOCATION_POSTS_COLLECTION, {
        ...rest,
        posts,
        ...(deleting.length ? { stateBeforeDelete: Object.fromEntries(deleting) } : {}),
        ...(refreshedAt ? { refreshedAt } : {}),
      });
    };
    /** While a post is being deleted, what Google says of it is kept for the delete's failure. */
    const beforeDelete = (doc: LocationPostsDoc, postId: string, state: PostView['State']) => {
      doc.stateBeforeDelete = { ...doc.stateBeforeDelete, [postId]: state };
    };
    const putMedia = async (change: (items: MediaView[]) => MediaView[], refreshedAt?: string) => {
      const doc = await mediaDoc(docs, locationId, companyId);
      docs.put(LOCATION_MEDIA_COLLECTION, { ...doc, items: change(doc.items), ...(refreshedAt ? { refreshedAt } : {}) });
    };
    const onPost = (postId: string, change: (p: PostView) => PostView | null) => (posts: PostView[]) =>
      posts.flatMap((p) => (p.PostId === postId ? (change(p) ?? []) : [p]));
    const onMedia = (mediaId: string, change: (m: MediaView) => MediaView | null) => (items: MediaView[]) =>
      items.flatMap((i) => (i.MediaId === mediaId ? (change(i) ?? []) : [i]));

    switch (event.type) {
      case 'LocationContentRefreshRequested':
      case 'LocationContentRefreshFailed':
        return;
      case 'LocationPostsRefreshed': {
        const { posts, refreshedAt } = event.data;
        return putPosts((current, doc) => {
          const deleting = new Set(current.filter((p) => p.State === 'DELETING').map((p) => p.PostId));
          const fromGoogle = posts
            .map((p) => postView(p.postId, p))
            .map((p) => {
              if (!deleting.has(p.PostId)) return p;
              beforeDelete(doc, p.PostId, p.State);
              return { ...p, State: 'DELETING' as const };
            });
          return [...current.filter(notOnGoogle), ...fromGoogle];
        }, refreshedAt);
      }
      case 'LocationMediaRefreshed': {
        const { items, refreshedAt } = event.data;
        return putMedia((current) => {
          const deleting = new Set(current.filter((m) => m.State === 'DELETING').map((m) => m.MediaId));
          const fromGoogle = items.map((m) => mediaView(m.mediaId, m)).map((m) => (deleting.has(m.MediaId) ? { ...m, State: 'DELETING' as const } : m));
          return [...current.filter(notOnGoogle), ...fromGoogle];
        }, refreshedAt);
      }
      case 'LocationQuestionsRefreshed': {
        const doc: LocationQuestionsDoc = {
          _id: locationId,
          companyId,
          questions: event.data.questions.map(questionView),
          refreshedAt: event.data.refreshedAt,
        };
        docs.put(LOCATION_QUESTIONS_COLLECTION, doc);
        return;
      }
      case 'LocalPostRequested': {
        const { postId, content, requestedAt } = event.data;
        const pending: PostView = {
          ...content,
          PostId: postId,
          Name: null,
          State: 'PENDING',
          CreateTime: requestedAt,
          Media: content.MediaUrl ? [{ GoogleUrl: null, SourceUrl: content.MediaUrl }] : [],
          SearchUrl: null,
          Error: null,
        };
        // New posts go to the top (spec part 2 §4).
        return putPosts((posts) => [pending, ...posts.filter((p) => p.PostId !== postId)]);
      }
      case 'LocalPostPublished':
        return putPosts(onPost(event.data.postId, () => postView(event.data.postId, event.data.post)));
      case 'LocalPostApprovedByGoogle':
        // A post being deleted stays so: the decision only replaces Google's review.
        return putPosts((posts, doc) =>
          onPost(event.data.postId, (p) => {
            if (p.State === 'DELETING') beforeDelete(doc, p.PostId, 'LIVE');
            return p.State === 'PROCESSING' ? { ...p, State: 'LIVE', SearchUrl: event.data.searchUrl ?? p.SearchUrl } : p;
          })(posts),
        );
      case 'LocalPostRejectedByGoogle':
        return putPosts((posts, doc) =>
          onPost(event.data.postId, (p) => {
            if (p.State === 'DELETING') beforeDelete(doc, p.PostId, 'REJECTED');
            return p.State === 'PROCESSING' ? { ...p, State: 'REJECTED' } : p;
          })(posts),
        );
      case 'LocalPostFailed':
        return putPosts(onPost(event.data.postId, (p) => ({ ...p, State: 'FAILED', Error: event.data.message })));
      case 'LocalPostDeleteRequested':
        return putPosts((posts, doc) =>
          onPost(event.data.postId, (p) => {
            if (p.State !== 'DELETING') beforeDelete(doc, p.PostId, p.State);
            return { ...p, State: 'DELETING', Error: null };
          })(posts),
        );
      case 'LocalPostDeleted':
        return putPosts(onPost(event.data.postId, () => null));
      case 'LocalPostDeleteFailed':
        return putPosts((posts, doc) =>
          onPost(event.data.postId, (p) => ({
            ...p,
            // What it was before (in Google's review, say), so the review is still followed.
            State: doc.stateBeforeDelete?.[p.PostId] ?? (p.Name ? 'LIVE' : 'FAILED'),
            Error: event.data.message,
          }))(posts),
        );
      case 'LocationMediaRequested': {
        const { mediaId, category, sourceUrl, requestedAt } = event.data;
        const pending: MediaView = {
          MediaId: mediaId,
          Name: null,
          LocationAssociationCategory: category,
          SourceUrl: sourceUrl,
          GoogleUrl: null,
          ThumbnailUrl: sourceUrl,
          ViewCount: 0,
          CreateTime: requestedAt,
          State: 'PENDING',
          Error: null,
        };
        return putMedia((items) => [pending, ...items.filter((i) => i.MediaId !== mediaId)]);
      }
      case 'LocationMediaAdded': {
        const added = mediaView(event.data.mediaId, event.data.item);
        // COVER, PROFILE and LOGO hold one photo each on Google: the one replaced becomes ADDITIONAL.
        const single = ['COVER', 'PROFILE', 'LOGO'].includes(added.LocationAssociationCategory);
        return putMedia((items) =>
          items.map((i) =>
            i.MediaId === added.MediaId
              ? added
              : single && i.LocationAssociationCategory === added.LocationAssociationCategory
                ? { ...i, LocationAssociationCategory: 'ADDITIONAL' }
                : i,
          ),
        );
      }
      case 'LocationMediaFailed':
        return putMedia(onMedia(event.data.mediaId, (i) => ({ ...i, State: 'FAILED', Error: event.data.message })));
      case 'LocationMediaDeleteRequested':
        return putMedia(onMedia(event.data.mediaId, (i) => ({ ...i, State: 'DELETING', Error: null })));
      case 'LocationMediaDeleted':
        return putMedia(onMedia(event.data.mediaId, () => null));
      case 'LocationMediaDeleteFailed':
        return putMedia(onMedia(event.data.mediaId, (i) => ({ ...i, State: i.Name ? 'LIVE' : 'FAILED', Error: event.data.message })));
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [locationContentProjection];
