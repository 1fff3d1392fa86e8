import { randomUUID } from 'node:crypto';
import {
  createMediaRoute,
  createPostRoute,
  deleteMediaRoute,
  deletePostRoute,
  locationContentErrors as errors,
  locationContentMessages as m,
  locationContentStream,
  locationErrors,
  postContentOf,
  refreshContentRoute,
  uploadFileRoute,
  uploadMediaRoute,
  locationContentEventSchemas,
  type LocationContentEventType,
} from '@locus/contracts';
import { callerCompanyId, checkTenantUrl, fail, implement, ruleViolation, type AnyRequest, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';
import { awaitOutcome, eventMetadata, runCommand, type OutcomeOf } from '../kit';
import { loadCompanyLocation } from '../locations/public';
import { contentDecider, type ContentCommand } from './content-decider';
import { checkedImage } from './images';
import { requestLocalPost } from './local-posts';

export interface LocationContentRouteOptions {
  media?: BlobStore;
  /** How long create and delete wait for Google's answer before replying "under way" (default 15 s). */
  outcomeTimeoutMs?: number;
}

type Req = Pick<AnyRequest, 'auth' | 'correlationId' | 'requestId'>;
type ContentOutcome<T extends LocationContentEventType> = OutcomeOf<typeof locationContentEventSchemas, T>;

/** Create Post, photos (upload, from URL, delete), post delete, and the first load of a location's content. */
export function locationContentCommandRoutes(deps: CommandDeps, options: LocationContentRouteOptions = {}): RouteImplementation[] {
  const blobs = options.media ?? mediaStoreOf(deps.config.dataDir);
  const outcomeTimeoutMs = options.outcomeTimeoutMs ?? 15_000;
  const companyOf = (req: Req) => callerCompanyId(req, () => fail(locationErrors.notFound));
  const metadata = (req: Req, companyId: string) => eventMetadata(req, companyId, deps.clock);
  const at = () => deps.clock.now().toISOString();

  /** The caller's published location (404 another company's, 422 one not on Google). */
  async function publishedLocation(req: Req, locationId: string) {
    const companyId = companyOf(req);
    const { state } = await loadCompanyLocation(deps, companyId, locationId);
    if (!state.googleName) throw fail(locationErrors.notPublished);
    return { companyId, locationId };
  }

  const content = (req: Req, companyId: string, locationId: string, command: ContentCommand) =>
    runCommand(deps, locationContentStream(locationId), contentDecider, command, metadata(req, companyId));

  /** The first outcome event of `types` for `id` after `revision` (null when Google has not answered in time). */
  function outcome<T extends LocationContentEventType>(locationId: string, revision: bigint, types: T[], matches: (event: ContentOutcome<T>) => boolean) {
    return awaitOutcome(deps.eventStore, {
      stream: locationContentStream(locationId),
      after: revision,
      schemas: locationContentEventSchemas,
      types,
      matches,
      timeoutMs: outcomeTimeoutMs,
    });
  }

  async function storeImage(file: AnyRequest['files'][number] | undefined, cover: boolean) {
    const image = await checkedImage(file, { cover });
    return blobs.put(`location-media/${randomUUID()}.${image.ext}`, { data: image.bytes }, image.mime);
  }

  return [
    implement(createPostRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const requested = await requestLocalPost(
        deps,
        { locationId, companyId, key: `details:${randomUUID()}`, origin: 'details', content: postContentOf(req.body) },
        metadata(req, companyId),
      );
      const done = await outcome(locationId, requested.revision, ['LocalPostPublished', 'LocalPostFailed'], (e) => e.data.postId === requested.postId);
      if (!done)
        return {
          status: 202,
          body: { Success: true, ResponseMessage: m.postPending, Data: { PostId: requested.postId, State: 'PENDING' } },
          position: requested.position,
        };
      if (done.type === 'LocalPostFailed') throw ruleViolation(errors.postFailed.code, done.data.message);
      const state = done.data.post.state;
      // one outcome, in Google's words: never the success text for a post Google did not show
      const answer =
        state === 'REJECTED'
          ? { State: 'REJECTED' as const, message: m.postRejected }
          : state === 'PROCESSING'
            ? { State: 'PROCESSING' as const, message: m.postInReview }
            : { State: 'LIVE' as const, message: m.postCreated };
      return { body: { Success: true, ResponseMessage: answer.message, Data: { PostId: requested.postId, State: answer.State } }, position: done.position };
    }),

    implement(deletePostRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const requestId = deps.ids.uuid();
      const result = await content(req, companyId, locationId, {
        type: 'DeleteLocalPost',
        locationId,
        companyId,
        postId: req.params.postId,
        requestId,
        at: at(),
      });
      if (result.events[0]?.type === 'LocalPostDeleted') return { body: { Success: true, ResponseMessage: m.postDeleted }, position: result.position };
      const before = result.revision - BigInt(result.events.length);
      const done = await outcome(locationId, before, ['LocalPostDeleted', 'LocalPostDeleteFailed'], (e) => e.data.postId === req.params.postId);
      if (!done) return { status: 202, body: { Success: true, ResponseMessage: m.postDeletePending }, position: result.position };
      if (done.type === 'LocalPostDeleteFailed') throw ruleViolation(errors.postFailed.code, done.data.message);
      return { body: { Success: true, ResponseMessage: m.postDeleted }, position: done.position };
    }),

    implement(uploadMediaRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const category = req.body.Category;
      const stored = await storeImage(req.files.find((f) => f.field === 'File') ?? req.files[0], category === 'COVER');
      const mediaId = deps.ids.uuid();
      const result = await content(req, companyId, locationId, {
        type: 'RequestMedia',
        locationId,
        companyId,
        mediaId,
        category,
        blobKey: stored.key,
        sourceUrl: stored.url,
        at: at(),
      });
      const message = category === 'COVER' ? m.coverUploaded : category === 'LOGO' ? m.logoUploaded : m.mediaUploaded;
      return mediaAnswer(await mediaOutcome(locationId, result.revision - 1n, mediaId), message, result.position, {
        Url: stored.url,
        Data: { MediaId: mediaId },
      });
    }),

    implement(createMediaRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const own = blobs.keyOf(req.body.Url);
      // Google fetches the URL on the company's word: not one inside the operator's network.
      if (!own) await checkTenantUrl(req.body.Url, { allowPrivate: deps.config.allowPrivateUrls }, 'Url');
      const mediaId = deps.ids.uuid();
      const result = await content(req, companyId, locationId, {
        type: 'RequestMedia',
        locationId,
        companyId,
        mediaId,
        category: req.body.Type,
        blobKey: own,
        sourceUrl: req.body.Url,
        at: at(),
      });
      const label = req.body.Type === 'COVER' ? 'Cover' : 'Logo';
      return mediaAnswer(await mediaOutcome(locationId, result.revision - 1n, mediaId), m.mediaCreated(label), result.position, { Data: { MediaId: mediaId } });
    }),

    implement(deleteMediaRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const requestId = deps.ids.uuid();
      const result = await content(req, companyId, locationId, {
        type: 'DeleteMedia',
        locationId,
        companyId,
        mediaId: req.params.mediaId,
        requestId,
        at: at(),
      });
      if (result.events[0]?.type === 'LocationMediaDeleted') return { body: { Success: true, ResponseMessage: m.mediaDeleted }, position: result.position };
      const before = result.revision - BigInt(result.events.length);
      const done = await outcome(locationId, before, ['LocationMediaDeleted', 'LocationMediaDeleteFailed'], (e) => e.data.mediaId === req.params.mediaId);
      if (!done) return { status: 202, body: { Success: true, ResponseMessage: m.mediaDeletePending }, position: result.position };
      if (done.type === 'LocationMediaDeleteFailed') throw ruleViolation(errors.mediaFailed.code, done.data.message);
      return { body: { Success: true, ResponseMessage: m.mediaDeleted }, position: done.position };
    }),

    implement(uploadFileRoute, async (req) => {
      if (companyOf(req) !== req.params.companyId) throw fail(locationErrors.companyNotFound);
      const stored = await storeImage(req.files.find((f) => f.field === 'File') ?? req.files[0], false);
      return { body: { Success: true, Url: stored.url, Error: null } };
    }),

    implement(refreshContentRoute, async (req) => {
      const { companyId, locationId } = await publishedLocation(req, req.params.id);
      const result = await content(req, companyId, locationId, { type: 'RequestRefresh', locationId, companyId, reason: 'first-view', at: at() });
      return { body: { Success: true, ResponseMessage: m.refreshRequested }, position: result.position };
    }),
  ];

  function mediaOutcome(locationId: string, revision: bigint, mediaId: string) {
    return outcome(locationId, revision, ['LocationMediaAdded', 'LocationMediaFailed'], (e) => e.data.mediaId === mediaId);
  }

  function mediaAnswer<X extends object>(
    done: ContentOutcome<'LocationMediaAdded' | 'LocationMediaFailed'> | null,
    message: string,
    position: number,
    extra: X,
  ) {
    if (!done) return { status: 202, body: { Success: true as const, ResponseMessage: m.mediaPending, ...extra }, position };
    if (done.type === 'LocationMediaFailed') throw ruleViolation(errors.mediaFailed.code, done.data.message);
    return { body: { Success: true as const, ResponseMessage: message, ...extra }, position: done.position };
  }
}
