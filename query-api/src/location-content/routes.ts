import {
  LOCATION_MEDIA_COLLECTION,
  LOCATION_POSTS_COLLECTION,
  LOCATION_QUESTIONS_COLLECTION,
  LOCATIONS_COLLECTION,
  QUESTIONS_DISCONTINUED_ON,
  listMediaRoute,
  listPostsRoute,
  listQuestionsRoute,
  locationErrors,
  locationImageRoute,
  type LocationDoc,
  type LocationMediaDoc,
  type LocationPostsDoc,
  type LocationQuestionsDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, notFound, type AnyRequest, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';

/** The details page's Posts, Media and Questions sections, and the uploaded images they show. */
export function locationContentQueryRoutes(deps: QueryDeps, options: { media?: BlobStore } = {}): RouteImplementation[] {
  const media = options.media ?? mediaStoreOf(deps.config.dataDir);
  const notFoundLocation = () => fail(locationErrors.notFound);

  /** The id of a location of the caller's company (404 for another company's). */
  const locationOf = async (req: AnyRequest, id: string): Promise<string> => {
    const companyId = callerCompanyId(req, notFoundLocation);
    const doc = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: id, companyId });
    if (!doc) throw notFoundLocation();
    return doc._id;
  };

  return [
    implement(listPostsRoute, async (req) => {
      const id = await locationOf(req, req.params.id);
      const doc = await deps.readModels.collection<LocationPostsDoc>(LOCATION_POSTS_COLLECTION).findOne({ _id: id });
      const posts = doc?.posts ?? [];
      return { body: { Success: true, IsUnauthorized: false, Data: { Posts: posts, Count: posts.length, RefreshedAt: doc?.refreshedAt ?? null } } };
    }),
    implement(listMediaRoute, async (req) => {
      const id = await locationOf(req, req.params.id);
      const doc = await deps.readModels.collection<LocationMediaDoc>(LOCATION_MEDIA_COLLECTION).findOne({ _id: id });
      const items = doc?.items ?? [];
      return { body: { Success: true, Data: { Media: items, Count: items.length, RefreshedAt: doc?.refreshedAt ?? null } } };
    }),
    implement(listQuestionsRoute, async (req) => {
      const id = await locationOf(req, req.params.id);
      const doc = await deps.readModels.collection<LocationQuestionsDoc>(LOCATION_QUESTIONS_COLLECTION).findOne({ _id: id });
      const questions = doc?.questions ?? [];
      return { body: { Success: true, Data: { Questions: questions, Count: questions.length, DiscontinuedOn: QUESTIONS_DISCONTINUED_ON } } };
    }),
    implement(locationImageRoute, async (req) => {
      const blob = await media.get(`location-media/${req.params.fileName}`);
      if (!blob) throw notFound('MEDIA.NOT_FOUND', 'Image not found');
      return {
        body: blob.stream,
        headers: {
          'Content-Type': blob.contentType,
          'Content-Length': String(blob.size),
          // Names are random uuids, never reused: cache for a year.
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        },
      };
    }),
  ];
}
