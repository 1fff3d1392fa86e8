import { locationContentErrors, type LocalPostContent, type LocationContentEvent, type MediaCategory } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { evolveContent, initialContentState, type ContentState } from './content-state';

interface Target {
  locationId: string;
  companyId: string;
  at: string;
}
export type ContentCommand =
  | ({ type: 'RequestRefresh'; reason: 'sync' | 'first-view' | 'post-gone' } & Target)
  | ({ type: 'RequestLocalPost'; postId: string; key: string; origin: string; content: LocalPostContent } & Target)
  | ({ type: 'DeleteLocalPost'; postId: string; requestId: string } & Target)
  | ({ type: 'RequestMedia'; mediaId: string; category: MediaCategory; blobKey: string | null; sourceUrl: string | null; bulkJobId?: string } & Target)
  | ({ type: 'DeleteMedia'; mediaId: string; requestId: string } & Target)
  /** Google's current state of a post it held for review, as `localPosts.get` answered it. */
  | ({ type: 'RecordGoogleReview'; postId: string; googlePostName: string; googleState: string; searchUrl: string | null } & Target);

export function decideContent(command: ContentCommand, state: ContentState): LocationContentEvent[] {
  const { locationId, companyId } = command;
  switch (command.type) {
    case 'RequestRefresh':
      return [{ type: 'LocationContentRefreshRequested', data: { locationId, companyId, reason: command.reason, requestedAt: command.at } }];
    case 'RequestLocalPost':
      // Same key, same post: a repeated request (a retried template publish) creates nothing new.
      if (state.posts[command.postId]) return [];
      return [
        {
          type: 'LocalPostRequested',
          data: { locationId, companyId, postId: command.postId, key: command.key, origin: command.origin, content: command.content, requestedAt: command.at },
        },
      ];
    case 'DeleteLocalPost': {
      const post = state.posts[command.postId];
      if (!post) throw fail(locationContentErrors.postNotFound);
      if (post.pendingDelete) return [];
      // Never reached Google: nothing to delete there.
      if (!post.googleName && post.status === 'failed')
        return [{ type: 'LocalPostDeleted', data: { locationId, companyId, postId: command.postId, requestId: command.requestId } }];
      return [{ type: 'LocalPostDeleteRequested', data: { locationId, companyId, postId: command.postId, requestId: command.requestId } }];
    }
    case 'RequestMedia':
      if (state.media[command.mediaId]) return [];
      return [
        {
          type: 'LocationMediaRequested',
          data: {
            locationId,
            companyId,
            mediaId: command.mediaId,
            category: command.category,
            blobKey: command.blobKey,
            sourceUrl: command.sourceUrl,
            requestedAt: command.at,
            ...(command.bulkJobId ? { bulkJobId: command.bulkJobId } : {}),
          },
        },
      ];
    case 'DeleteMedia': {
      const item = state.media[command.mediaId];
      if (!item) throw fail(locationContentErrors.mediaNotFound);
      if (item.pendingDelete) return [];
      if (!item.googleName && item.status === 'failed')
        return [{ type: 'LocationMediaDeleted', data: { locationId, companyId, mediaId: command.mediaId, requestId: command.requestId } }];
      return [{ type: 'LocationMediaDeleteRequested', data: { locationId, companyId, mediaId: command.mediaId, requestId: command.requestId } }];
    }
    case 'RecordGoogleReview': {
      const post = state.posts[command.postId];
      // Decided already (by this schedule or a refresh), deleted, or another post under that id: nothing to record.
      if (!post?.inReview || post.googleName !== command.googlePostName) return [];
      const reviewed = { locationId, companyId, postId: command.postId, googlePostName: command.googlePostName, reviewedAt: command.at };
      if (command.googleState === 'LIVE') return [{ type: 'LocalPostApprovedByGoogle', data: { ...reviewed, searchUrl: command.searchUrl } }];
      if (command.googleState === 'REJECTED') return [{ type: 'LocalPostRejectedByGoogle', data: reviewed }];
      return [];
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export const contentDecider: Decider<ContentState, ContentCommand, LocationContentEvent> = {
  initialState: initialContentState,
  evolve: evolveContent,
  decide: decideContent,
};
