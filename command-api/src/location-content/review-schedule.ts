import { LOCATION_POSTS_COLLECTION, locationContentStream, type LocationPostsDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/google-access';
import { runCommand, systemMetadata, type ScheduleDefinition } from '../kit';
import { contentDecider } from './content-decider';
import { googleLocationOf } from './google-location';

/** Locations looked at per run: the next run takes the rest. */
const LOCATIONS_PER_RUN = 200;

/**
 * Asks Google again about every post it holds for review (PROCESSING in the `location-posts`
 * read model) and records its decision, LIVE or REJECTED, on the location's content stream;
 * the number of events appended. Reads go through the client's queue, within the project's
 * quota. The decider appends nothing for a post decided meanwhile, so two runs never record
 * one decision twice.
 */
export async function followPostsInReview(deps: CommandDeps, google: GoogleAccess, signal?: AbortSignal): Promise<number> {
  const docs = await deps.readModels
    .collection<LocationPostsDoc>(LOCATION_POSTS_COLLECTION)
    .find({ 'posts.State': 'PROCESSING' }, { sort: { _id: 1 }, limit: LOCATIONS_PER_RUN });
  let appended = 0;
  for (const doc of docs) {
    if (signal?.aborted) break;
    const { _id: locationId, companyId } = doc;
    try {
      const target = await googleLocationOf(deps, google, companyId, locationId);
      if (!target) continue;
      for (const post of doc.posts) {
        if (signal?.aborted) break;
        if (post.State !== 'PROCESSING' || !post.Name) continue;
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
      }
    } catch (err) {
      deps.logger.warn({ err, locationId }, 'asking Google about posts in its review failed; will ask again');
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
