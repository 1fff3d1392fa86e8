import { locationContentStream, locationErrors, type EventMetadata, type LocalPostContent } from '@locus/contracts';
import { fail, type CommandDeps } from '@locus/platform';
import { runCommand } from '../kit';
import { loadCompanyLocation } from '../locations/public';
import { contentDecider } from './content-decider';
import { contentId } from './google-content';

export interface LocalPostRequest {
  locationId: string;
  companyId: string;
  /** Idempotency key: the same key for the same location is the same post (a retry creates nothing). */
  key: string;
  /** 'details' (Create Post) or `template:<templateId>`. */
  origin: string;
  content: LocalPostContent;
}

/** The post id a key gives for a location. */
export const localPostIdFor = (locationId: string, key: string) => contentId('local-post', locationId, key);

/**
 * Requests one local post for one location: appends `LocalPostRequested` to the location's
 * content stream; the `location-content.posts-to-google` reactor creates it through Google's
 * localPosts API (the shared per-location write queue keeps Google's 10 edits a minute) and
 * appends `LocalPostPublished` or `LocalPostFailed` with the same `postId`. The location must be
 * the company's (404) and published on Google (422).
 */
export async function requestLocalPost(
  deps: Pick<CommandDeps, 'eventStore' | 'ids' | 'clock'>,
  request: LocalPostRequest,
  metadata: EventMetadata,
): Promise<{ postId: string; created: boolean; position: number; revision: bigint }> {
  const { state } = await loadCompanyLocation(deps, request.companyId, request.locationId);
  if (!state.googleName) throw fail(locationErrors.notPublished);
  const postId = localPostIdFor(request.locationId, request.key);
  const result = await runCommand(
    deps,
    locationContentStream(request.locationId),
    contentDecider,
    {
      type: 'RequestLocalPost',
      locationId: request.locationId,
      companyId: request.companyId,
      postId,
      key: request.key,
      origin: request.origin,
      content: request.content,
      at: deps.clock.now().toISOString(),
    },
    metadata,
  );
  return { postId, created: result.events.length > 0, position: result.position, revision: result.revision - BigInt(result.events.length) };
}
