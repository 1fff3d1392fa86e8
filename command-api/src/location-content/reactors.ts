import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { locationContentStream, locationErrors, type LocationContentEvent, type LocationEvent } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { GoogleApiError } from '../google/errors';
import { loadStream } from '../kit';
import { MAX_ATTEMPTS, recordFailure } from '../locations/public';
import { contentDecider } from './content-decider';
import type { ContentState } from './content-state';
import { googleLocationOf } from './google-location';
import { contentId, mediaFromGoogle, postFromGoogle, publicImageUrl, questionFromGoogle, toGooglePost } from './google-content';

type Only<T extends LocationContentEvent['type']> = Extract<LocationContentEvent, { type: T }>;

const isGoogleNotFound = (err: unknown) => err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND';

/**
 * Google I/O for a location's media, posts and questions. Every outcome goes to the location's
 * content stream with a key, so a re-handled event appends nothing twice.
 */
export function locationContentReactors(deps: CommandDeps, options: { google?: GoogleAccess; media?: BlobStore } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const blobs = options.media ?? mediaStoreOf(deps.config.dataDir);
  const now = () => deps.clock.now().toISOString();
  const contentOf = async (locationId: string): Promise<ContentState> =>
    (await loadStream(deps.eventStore, locationContentStream(locationId), contentDecider)).state;

  const googleLocation = (companyId: string, locationId: string) => googleLocationOf(deps, google, companyId, locationId);

  /** Sync of a location (its profile refreshed) asks every per-location refresher to run. */
  const refreshOnSync: ReactorDefinition<Extract<LocationEvent, { type: 'LocationSynced' }>> = {
    name: 'location-content.refresh-on-sync',
    handles: ['LocationSynced'],
    async handle(event, ctx) {
      const companyId = event.metadata.companyId;
      if (!companyId) return;
      await ctx.append(
        locationContentStream(event.data.locationId),
        [{ type: 'LocationContentRefreshRequested', data: { locationId: event.data.locationId, companyId, reason: 'sync', requestedAt: now() } }],
        { key: 'refresh', companyId },
      );
    },
  };

  const refresh: ReactorDefinition<Only<'LocationContentRefreshRequested'>> = {
    name: 'location-content.refresh-from-google',
    handles: ['LocationContentRefreshRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, companyId } = event.data;
      const stream = locationContentStream(locationId);
      const append = (e: LocationContentEvent, key: string) => ctx.append(stream, [e], { key, companyId });
      try {
        const target = await googleLocation(companyId, locationId);
        if (!target) return;
        const { client, v4, googleName } = target;
        const content = await contentOf(locationId);
        const idOf = (items: Record<string, { googleName: string | null }>, kind: string, name: string) =>
          Object.entries(items).find(([, i]) => i.googleName === name)?.[0] ?? contentId(kind, locationId, name);
        const posts = [];
        for await (const p of client.allLocalPosts(v4)) posts.push(p);
        const media = [];
        for await (const item of client.allMedia(v4)) media.push(item);
        const questions = [];
        for await (const q of client.allQuestions(googleName)) questions.push(questionFromGoogle(q));
        const refreshedAt = now();
        await append(
          {
            type: 'LocationPostsRefreshed',
            data: {
              locationId,
              companyId,
              refreshedAt,
              posts: posts.map((p) => ({ ...postFromGoogle(p), postId: idOf(content.posts, 'post', p.name ?? '') })),
            },
          },
          'posts',
        );
        await append(
          {
            type: 'LocationMediaRefreshed',
            data: {
              locationId,
              companyId,
              refreshedAt,
              items: media.map((m) => ({ ...mediaFromGoogle(m), mediaId: idOf(content.media, 'media', m.name ?? '') })),
            },
          },
          'media',
        );
        await append({ type: 'LocationQuestionsRefreshed', data: { locationId, companyId, refreshedAt, questions } }, 'questions');
      } catch (err) {
        await recordFailure(err, ctx, (code, message) =>
          append({ type: 'LocationContentRefreshFailed', data: { locationId, companyId, code, message } }, 'failed'),
        );
      }
    },
  };

  const posts: ReactorDefinition<Only<'LocalPostRequested' | 'LocalPostDeleteRequested'>> = {
    name: 'location-content.posts-to-google',
    handles: ['LocalPostRequested', 'LocalPostDeleteRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, companyId, postId } = event.data;
      const stream = locationContentStream(locationId);
      const append = (e: LocationContentEvent) => ctx.append(stream, [e], { key: 'outcome', companyId });
      const post = (await contentOf(locationId)).posts[postId];
      if (event.type === 'LocalPostRequested') {
        if (!post || post.status !== 'pending') return;
        try {
          const target = await googleLocation(companyId, locationId);
          if (!target) return await failPost(append, event, locationErrors.notPublished.code, locationErrors.notPublished.message);
          const created = await target.client.createLocalPost(target.v4, toGooglePost(event.data.content, deps.config.publicUrl));
          await append({ type: 'LocalPostPublished', data: { locationId, companyId, postId, post: postFromGoogle(created) } });
        } catch (err) {
          await recordFailure(err, ctx, (code, message) => failPost(append, event, code, message));
        }
        return;
      }
      const { requestId } = event.data;
      if (!post || post.pendingDelete !== requestId) return;
      const deleted = () => append({ type: 'LocalPostDeleted', data: { locationId, companyId, postId, requestId } });
      try {
        if (!post.googleName) return await deleted();
        const target = await googleLocation(companyId, locationId);
        if (!target) return await deleted();
        await target.client.deleteLocalPost(post.googleName);
        await deleted();
      } catch (err) {
        if (isGoogleNotFound(err)) return deleted();
        await recordFailure(err, ctx, (code, message) =>
          append({ type: 'LocalPostDeleteFailed', data: { locationId, companyId, postId, requestId, code, message } }),
        );
      }
    },
  };

  const media: ReactorDefinition<Only<'LocationMediaRequested' | 'LocationMediaDeleteRequested'>> = {
    name: 'location-content.media-to-google',
    handles: ['LocationMediaRequested', 'LocationMediaDeleteRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, companyId, mediaId } = event.data;
      const stream = locationContentStream(locationId);
      const append = (e: LocationContentEvent) => ctx.append(stream, [e], { key: 'outcome', companyId });
      const item = (await contentOf(locationId)).media[mediaId];
      if (event.type === 'LocationMediaRequested') {
        // A bulk edit's media are sent by the bulk edit reactor, inside its job and outcomes.
        if (!item || item.status !== 'pending' || event.data.bulkJobId) return;
        const failed = (code: string, message: string) => append({ type: 'LocationMediaFailed', data: { locationId, companyId, mediaId, code, message } });
        try {
          const target = await googleLocation(companyId, locationId);
          if (!target) return await failed(locationErrors.notPublished.code, locationErrors.notPublished.message);
          const { blobKey, sourceUrl, category } = event.data;
          const blob = blobKey ? await blobs.get(blobKey) : null;
          const created = blob
            ? await target.client.uploadMedia(target.v4, { bytes: await buffer(blob.stream as Readable), contentType: blob.contentType, category })
            : await target.client.createMedia(target.v4, { sourceUrl: publicImageUrl(sourceUrl ?? '', deps.config.publicUrl), category });
          await append({ type: 'LocationMediaAdded', data: { locationId, companyId, mediaId, item: mediaFromGoogle(created) } });
        } catch (err) {
          await recordFailure(err, ctx, failed);
        }
        return;
      }
      const { requestId } = event.data;
      if (!item || item.pendingDelete !== requestId) return;
      const deleted = () => append({ type: 'LocationMediaDeleted', data: { locationId, companyId, mediaId, requestId } });
      try {
        if (!item.googleName) return await deleted();
        const target = await googleLocation(companyId, locationId);
        if (!target) return await deleted();
        await target.client.deleteMedia(item.googleName);
        await deleted();
      } catch (err) {
        if (isGoogleNotFound(err)) return deleted();
        await recordFailure(err, ctx, (code, message) =>
          append({ type: 'LocationMediaDeleteFailed', data: { locationId, companyId, mediaId, requestId, code, message } }),
        );
      }
    },
  };

  return [refreshOnSync, refresh, posts, media];
}

function failPost(append: (e: LocationContentEvent) => Promise<void>, event: { data: Only<'LocalPostRequested'>['data'] }, code: string, message: string) {
  const { locationId, companyId, postId } = event.data;
  return append({ type: 'LocalPostFailed', data: { locationId, companyId, postId, code, message } });
}
