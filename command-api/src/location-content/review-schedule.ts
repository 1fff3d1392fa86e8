import { LOCATION_POSTS_COLLECTION, locationContentStream, type LocationPostsDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { GoogleApiError } from '../google/errors';
import { runCommand, systemMetadata, type ScheduleDefinition } from '../kit';
import { contentDecider } from './content-decider';
import { googleLocationOf } from './google-location';

/**
 * Asks Google again about every post it holds for review (PROCESSING in the `location-posts`
 * read model) and records its decision, LIVE or REJECTED, on the location's content stream;
 * the number of events appended. Reads go through the client's queue, within the project's
 * quota. The decider appends nothing for a post decided meanwhile, so two runs never record
 * one decision twice. A post Google no longer has (deleted there while in review) asks for the
 * location's content again, which lists Google's posts as they are.
 */
export async function followPostsInReview(deps: CommandDeps, google: GoogleAccess, signal?: AbortSignal): Promise<number> {
  const docs = await deps.readModels
    .collection<LocationPostsDoc>(LOCATION_POSTS_COLLECTION)
    // All of them each run (one small document per location): a limit would let the first ones, stuck on a disconnected account, starve the rest.
    .find({ 'posts.State': 'PROCESSING' }, { sort: { _id: 1 } });
  let appended = 0;
  for (const doc of docs) {
    if (signal?.aborted) break;
    const { _id: locationId, companyId } = doc;
    let target;
    try {
      target = await googleLocationOf(deps, google, companyId, locationId);
    } catch (err) {
      deps.logger.warn({ err, locationId }, "the location's Google account could not be reached; its posts in review wait for the next run");
      continue;
    }
    if (!target) continue;
    for (const post of doc.posts) {
      if (signal?.aborted) break;
      if (post.State !== 'PROCESSING' || !post.Name) continue;
      try {
        const answer = await target.client.getLocalPost(post.Name);
        if (answer.state === 'PROCESSING') continue;
        const result = await runCommand(
          deps,
          locationContentStream(locationId),
          contentDecider,
          {
            type: 'RecordGoogleReview',
            locationId,
            companyId,
            postId: post.PostId,
            googlePostName: post.Name,
            googleState: answer.state ?? '',
            searchUrl: answer.searchUrl ?? null,
            at: deps.clock.now().toISOString(),
          },
          systemMetadata(deps, companyId),
        );
        appended += result.events.length;
      } catch (err) {
        if (err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND') {
          const at = deps.clock.now().toISOString();
          const result = await runCommand(
            deps,
            locationContentStream(locationId),
            contentDecider,
            { type: 'RequestRefresh', locationId, companyId, reason: 'post-gone', at },
            systemMetadata(deps, companyId),
          );
          appended += result.events.length;
          // One refresh brings every post of the location as Google has them.
          break;
        }
        deps.logger.warn({ err, locationId, postId: post.PostId }, 'asking Google about a post in its review failed; will ask again');
      }
    }
  }
  return appended;
}

/** Posts in Google's review are asked about every `LOCUS_POST_REVIEW_CHECK_MS` (5 minutes). */
export function locationContentSchedules(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ScheduleDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  return [
    {
      name: 'location-content-posts-in-review',
      everyMs: deps.config.postReviewCheckMs,
      run: async (signal) => void (await followPostsInReview(deps, google, signal)),
    },
  ];
}
