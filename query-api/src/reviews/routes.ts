import {
  companyReviewsRoute,
  exportReviewsRoute,
  getReviewRoute,
  LOCATIONS_COLLECTION,
  locationReviewsRoute,
  locationReviewsSummaryRoute,
  REVIEWS_COLLECTION,
  REVIEW_COMPANY_STATS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  reviewErrors,
  reviewsGrowthRoute,
  reviewsSummaryRoute,
  type LocationDoc,
  type ReviewCompanyStatsDoc,
  type ReviewDetails,
  type ReviewDoc,
  type ReviewGrowthDoc,
  type ReviewGrowthPoint,
  type ReviewLocationStatsDoc,
  type ReviewRow,
  type ReviewsLazyQuery,
  type ReviewsSummary,
  type ReviewSortField,
  type ReviewStatsCounts,
} from '@locus/contracts';
import { escapeRegex } from '../kit/paging';
import {
  callerCompanyId,
  fail,
  implement,
  locationsInScope,
  requireLocationRight,
  type AnyRequest,
  type Filter,
  type QueryDeps,
  type RouteImplementation,
  type SortSpec,
} from '@locus/platform';
import { groupLocationIds } from '../location-groups/public';
import { reviewsCsv } from './export';

const notFound = () => fail(reviewErrors.notFound);

const SORT_KEYS: Record<ReviewSortField, string> = {
  CreateTime: 'createTime',
  StarRating: 'starRating',
  ReviewReplyComment: 'replySort',
  ReviewerDisplayName: 'reviewerSort',
  LocationTitle: 'locationTitle',
  Sentiment: 'sentimentScore',
};

/** The chosen column, then CreateTime, then the id, all in the chosen direction (one index walk). */
export function reviewsSort(q: Pick<ReviewsLazyQuery, 'sortField' | 'sortOrder'>): SortSpec {
  const key = SORT_KEYS[q.sortField];
  const o = q.sortOrder;
  return key === 'createTime' ? { createTime: o, _id: o } : { [key]: o, createTime: o, _id: o };
}

/** The table's filters on top of the caller's scope. */
export function reviewsFilter(scope: Filter, q: Pick<ReviewsLazyQuery, 'Params' | 'globalFilter'>): Filter {
  const p = q.Params;
  const filter: Filter = { ...scope };
  // state: 0 unanswered, 1 answered, 2 removed (see ReviewDoc).
  if (p.OnlyUnrespondedReviews) filter.state = 0;
  else if (p.Removed === 'exclude') filter.state = { $lt: 2 };
  else if (p.Removed === 'only') filter.state = 2;
  const range: Record<string, number> = {};
  if (p.MinRating) range.$gte = p.MinRating;
  if (p.MaxRating) range.$lte = p.MaxRating;
  if (Object.keys(range).length) filter.stars = range;
  if (p.Sentiment) filter.sentimentLabel = p.Sentiment;
  const term = q.globalFilter.toLowerCase();
  if (term) filter.searchText = { $regex: escapeRegex(term) };
  return filter;
}

export const toReviewRow = (d: ReviewDoc): ReviewRow => ({
  Id: d._id,
  ReviewId: d._id,
  LocationId: d.locationId,
  LocationTitle: d.locationTitle,
  ReviewerDisplayName: d.reviewerName,
  ReviewerProfilePhotoUrl: d.reviewerPhotoUrl,
  StarRating: d.starRating,
  Comment: d.comment,
  CreateTime: d.createTime,
  UpdateTime: d.updateTime,
  ReviewReplyComment: d.replyComment,
  ReviewReplyUpdateTime: d.replyUpdateTime,
  ReplyBy: d.replyBy,
  ReplyState: d.replyState,
  ReplyError: d.replyError,
  BusinessUrl: null,
  LocationName: d.googleName,
  IsRemoved: d.removed === 1,
  RemovedAt: d.removedAt,
  IsEdited: d.history.some((h) => h.kind === 'updated'),
  Sentiment: d.sentimentLabel,
  SentimentScore: d.sentimentScore,
});

const summaryOf = (c: ReviewStatsCounts | null): ReviewsSummary => ({
  Total: c?.total ?? 0,
  Unresponded: c?.unresponded ?? 0,
  Removed: c?.removed ?? 0,
  AverageRating: c?.averageRating ?? null,
  ByStars: c ? [...c.byStars] : [0, 0, 0, 0, 0],
});

function sumCounts(list: readonly ReviewStatsCounts[]): ReviewStatsCounts {
  const byStars: ReviewStatsCounts['byStars'] = [0, 0, 0, 0, 0];
  let total = 0;
  let unresponded = 0;
  let removed = 0;
  let ratingSum = 0;
  for (const c of list) {
    total += c.total;
    unresponded += c.unresponded;
    removed += c.removed;
    ratingSum += c.ratingSum;
    c.byStars.forEach((n, i) => (byStars[i] += n));
  }
  return { total, unresponded, removed, ratingSum, averageRating: total ? Math.round((ratingSum / total) * 100) / 100 : null, byStars, lastReviewAt: null };
}

const DAY_MS = 86_400_000;

export function reviewsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const reviews = () => deps.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION);
  const locationStats = () => deps.readModels.collection<ReviewLocationStatsDoc>(REVIEW_LOCATION_STATS_COLLECTION);

  const companyOf = (req: Pick<AnyRequest, 'auth'>) => callerCompanyId(req, notFound);

  /** The locations the caller sees; null for the whole company (the shared access rule). */
  const assignedLocations = (req: Pick<AnyRequest, 'auth'>): Promise<string[] | null> => locationsInScope(deps.readModels, req.auth);

  /** The company in the path, which must be the caller's, and the part of it the caller sees. */
  const companyScope = async (req: Pick<AnyRequest, 'auth'> & { params: { companyId: string } }) => {
    const companyId = companyOf(req);
    if (req.params.companyId !== companyId) throw notFound();
    const assigned = await assignedLocations(req);
    return { companyId, assigned };
  };

  /** A location of the caller's company that the caller sees (404 otherwise). */
  const locationScope = async (req: Pick<AnyRequest, 'auth'>, locationId: string) => {
    const companyId = companyOf(req);
    const location = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: locationId, companyId });
    if (!location) throw notFound();
    await requireLocationRight(deps.readModels, req.auth, locationId, 'read', notFound);
    return { companyId, location };
  };

  async function lazyPage(scope: Filter, q: ReviewsLazyQuery) {
    const filter = reviewsFilter(scope, q);
    const unrespondedFilter = { ...scope, responded: 0, removed: 0 };
    const narrowed = Object.keys(filter).length > Object.keys(scope).length;
    const [docs, total, filtered, unresponded] = await Promise.all([
      reviews().find(filter, { sort: reviewsSort(q), skip: q.first, limit: q.rows }),
      reviews().countDocuments(scope),
      narrowed ? reviews().countDocuments(filter) : Promise.resolve(-1),
      reviews().countDocuments(unrespondedFilter),
    ]);
    return {
      body: {
        Success: true as const,
        data: docs.map(toReviewRow),
        totalResultsCount: total,
        filteredResultsCount: filtered < 0 ? total : filtered,
        unrespondedCount: unresponded,
      },
    };
  }

  /** The company's reviews the caller sees, narrowed to one location or one location group when asked. */
  async function listScope(
    req: Pick<AnyRequest, 'auth'> & { params: { companyId: string } },
    p: Pick<ReviewsLazyQuery['Params'], 'LocationId' | 'GroupId'>,
  ): Promise<Filter> {
    const { companyId, assigned } = await companyScope(req);
    const only = p.LocationId;
    if (only && assigned && !assigned.includes(only)) throw notFound();
    const scope: Filter = only ? { companyId, locationId: only } : assigned ? { companyId, locationId: { $in: assigned } } : { companyId };
    return p.GroupId ? { $and: [scope, { locationId: { $in: await groupLocationIds(deps.readModels, companyId, p.GroupId) } }] } : scope;
  }

  const companyLazy = implement(companyReviewsRoute, async (req) => lazyPage(await listScope(req, req.body.Params), req.body));

  /** The table's reviews as CSV, every page of them, streamed. */
  const exportCsv = implement(exportReviewsRoute, async (req) => {
    const filter = reviewsFilter(await listScope(req, req.query.Params), req.query);
    const day = deps.clock.now().toISOString().slice(0, 10);
    return {
      body: reviewsCsv(reviews(), filter, reviewsSort(req.query)),
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="reviews-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  });

  const locationLazy = implement(locationReviewsRoute, async (req) => {
    if (req.body.LocationId && req.body.LocationId !== req.params.locationId)
      throw fail(reviewErrors.locationMismatch, [{ field: 'LocationId', message: reviewErrors.locationMismatch.message }]);
    await locationScope(req, req.params.locationId);
    return lazyPage({ locationId: req.params.locationId }, req.body);
  });

  /** Counts over what the caller sees: the company's, or the sum of the assigned locations'. */
  const countsFor = async (companyId: string, assigned: string[] | null): Promise<ReviewStatsCounts | null> => {
    if (!assigned) return deps.readModels.collection<ReviewCompanyStatsDoc>(REVIEW_COMPANY_STATS_COLLECTION).findOne({ _id: companyId });
    if (!assigned.length) return null;
    return sumCounts(await locationStats().find({ companyId, locationId: { $in: assigned } }));
  };

  const summary = implement(reviewsSummaryRoute, async (req) => {
    const { companyId, assigned } = await companyScope(req);
    return { body: { Success: true as const, Data: summaryOf(await countsFor(companyId, assigned)) } };
  });

  const locationSummary = implement(locationReviewsSummaryRoute, async (req) => {
    await locationScope(req, req.params.locationId);
    return { body: { Success: true as const, Data: summaryOf(await locationStats().findOne({ _id: req.params.locationId })) } };
  });

  const growth = implement(reviewsGrowthRoute, async (req) => {
    const { companyId, assigned } = await companyScope(req);
    const days = req.query.days;
    const today = new Date(deps.clock.now().toISOString().slice(0, 10));
    const from = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const scopes = assigned ?? [companyId];
    const docs = scopes.length
      ? await deps.readModels
          .collection<ReviewGrowthDoc>(REVIEW_GROWTH_COLLECTION)
          .find({ scopeId: scopes.length === 1 ? scopes[0] : { $in: scopes }, day: { $gte: from } })
      : [];
    const perDay = new Map<string, number>();
    for (const d of docs) if (d.companyId === companyId) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.count);
    const counts = await countsFor(companyId, assigned);
    // The running total ends at today's total and is walked back day by day.
    let total = counts?.total ?? 0;
    const points: ReviewGrowthPoint[] = [];
    for (let i = 0; i < days; i++) {
      const day = new Date(today.getTime() - i * DAY_MS).toISOString().slice(0, 10);
      const count = perDay.get(day) ?? 0;
      points.push({ Date: day, Count: count, Total: total });
      total -= count;
    }
    return { body: { Success: true as const, Data: points.reverse() } };
  });

  const getOne = implement(getReviewRoute, async (req) => {
    const companyId = companyOf(req);
    const doc = await reviews().findOne({ _id: req.params.reviewId, companyId });
    if (!doc) throw notFound();
    await requireLocationRight(deps.readModels, req.auth, doc.locationId, getReviewRoute.location.needs, notFound);
    const details: ReviewDetails = {
      ...toReviewRow(doc),
      History: doc.history.map((h) => ({ Kind: h.kind, At: h.at, StarRating: h.starRating, Comment: h.comment, By: h.by, Message: h.message })),
    };
    return { body: { Success: true as const, Data: details } };
  });

  return [companyLazy, locationLazy, summary, locationSummary, growth, getOne, exportCsv];
}
