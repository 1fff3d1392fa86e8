import {
  REVIEWS_COLLECTION,
  REVIEW_COMPANY_STATS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  reviewEventTypes,
  type CompanyDeletedEvent,
  type ConnectedAccountEvent,
  type LocationEvent,
  type ReviewCompanyStatsDoc,
  type ReviewDoc,
  type ReviewEvent,
  type ReviewGrowthDoc,
  type ReviewHistoryEntry,
  type ReviewLocationStatsDoc,
  type ReviewStatsCounts,
  type ReviewSyncEvent,
  type Sentiment,
} from '@locus/contracts';
import type { IndexSpec, ProjectionDefinition, ProjectionDocs, SortSpec } from '@locus/platform/ports';
import { reviewSentiment, SENTIMENT_MODEL } from '@locus/platform/text/review-sentiment';
import { joinSearchText, lower } from '../kit/search-text';

type LocationTitleEvent = Extract<LocationEvent, { type: 'LocationCreated' | 'LocationImported' | 'LocationUpdated' | 'LocationSynced' | 'LocationDeleted' }>;
type HandledEvent =
  | ReviewEvent
  | Extract<ReviewSyncEvent, { type: 'ReviewsSynced' | 'ReviewsSyncFailed' }>
  | LocationTitleEvent
  | Extract<ConnectedAccountEvent, { type: 'GoogleAccountDisconnected' }>
  | CompanyDeletedEvent;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The event's label when the current model made it; otherwise computed here, so a better model
 * (a new SENTIMENT_MODEL) relabels every stored review by a version bump (a rebuild) instead of
 * a migration of the events.
 */
const sentimentFields = (stars: number, comment: string | null, carried: Sentiment | undefined) => {
  const s = carried?.model === SENTIMENT_MODEL ? carried : reviewSentiment(stars, comment);
  return { sentimentScore: s.score, sentimentLabel: s.label };
};
const dayOf = (iso: string) => iso.slice(0, 10);

const emptyCounts = (): ReviewStatsCounts => ({
  total: 0,
  unresponded: 0,
  removed: 0,
  ratingSum: 0,
  averageRating: null,
  byStars: [0, 0, 0, 0, 0],
  lastReviewAt: null,
});

/** What one review adds to its location's and company's counts. */
function contribution(doc: ReviewDoc | null): { total: number; unresponded: number; removed: number; ratingSum: number; stars: number | null } {
  if (!doc) return { total: 0, unresponded: 0, removed: 0, ratingSum: 0, stars: null };
  if (doc.removed) return { total: 0, unresponded: 0, removed: 1, ratingSum: 0, stars: null };
  return { total: 1, unresponded: doc.responded ? 0 : 1, removed: 0, ratingSum: doc.starRating, stars: doc.starRating };
}

function applyDelta<T extends ReviewStatsCounts>(stats: T, before: ReviewDoc | null, after: ReviewDoc | null): T {
  const b = contribution(before);
  const a = contribution(after);
  const byStars = [...stats.byStars] as ReviewStatsCounts['byStars'];
  if (b.stars) byStars[b.stars - 1]--;
  if (a.stars) byStars[a.stars - 1]++;
  const total = stats.total + a.total - b.total;
  const ratingSum = stats.ratingSum + a.ratingSum - b.ratingSum;
  const created = after?.createTime ?? null;
  return {
    ...stats,
    total,
    unresponded: stats.unresponded + a.unresponded - b.unresponded,
    removed: stats.removed + a.removed - b.removed,
    ratingSum,
    averageRating: total > 0 ? round2(ratingSum / total) : null,
    byStars,
    lastReviewAt: created && (!stats.lastReviewAt || created > stats.lastReviewAt) ? created : stats.lastReviewAt,
  };
}

async function locationStats(docs: ProjectionDocs, locationId: string, companyId: string): Promise<ReviewLocationStatsDoc> {
  return (
    (await docs.get<ReviewLocationStatsDoc>(REVIEW_LOCATION_STATS_COLLECTION, locationId)) ?? {
      _id: locationId,
      companyId,
      locationId,
      locationTitle: '',
      connectionId: null,
      googleAverageRating: null,
      googleTotalReviewCount: null,
      lastSyncAt: null,
      lastSyncError: null,
      ...emptyCounts(),
    }
  );
}

async function companyStats(docs: ProjectionDocs, companyId: string): Promise<ReviewCompanyStatsDoc> {
  return (await docs.get<ReviewCompanyStatsDoc>(REVIEW_COMPANY_STATS_COLLECTION, companyId)) ?? { _id: companyId, companyId, ...emptyCounts() };
}

async function addGrowth(docs: ProjectionDocs, companyId: string, scopeId: string, day: string, delta: number): Promise<void> {
  const id = `${scopeId}:${day}`;
  const prev = await docs.get<ReviewGrowthDoc>(REVIEW_GROWTH_COLLECTION, id);
  const count = (prev?.count ?? 0) + delta;
  if (count <= 0) docs.delete(REVIEW_GROWTH_COLLECTION, id);
  else docs.put(REVIEW_GROWTH_COLLECTION, { _id: id, companyId, scopeId, day, count });
}

/** Writes a review's new document and moves every count that depends on it. */
async function save(docs: ProjectionDocs, before: ReviewDoc | null, after: ReviewDoc): Promise<void> {
  docs.put(REVIEWS_COLLECTION, finish(after));
  const loc = await locationStats(docs, after.locationId, after.companyId);
  docs.put(REVIEW_LOCATION_STATS_COLLECTION, applyDelta(loc, before, after));
  docs.put(REVIEW_COMPANY_STATS_COLLECTION, applyDelta(await companyStats(docs, after.companyId), before, after));
  const wasCounted = before !== null && !before.removed;
  const isCounted = !after.removed;
  if (wasCounted !== isCounted) {
    const delta = isCounted ? 1 : -1;
    await addGrowth(docs, after.companyId, after.companyId, dayOf(after.createTime), delta);
    await addGrowth(docs, after.companyId, after.locationId, dayOf(after.createTime), delta);
  }
}

/** A location that leaves Locus takes its reviews out of the company's lists, counts and growth. */
async function removeLocationReviews(docs: ProjectionDocs, locationId: string, companyId: string): Promise<void> {
  const reviews = await docs.find<ReviewDoc>(REVIEWS_COLLECTION, { locationId });
  let company = await companyStats(docs, companyId);
  for (const r of reviews) {
    company = applyDelta(company, r, null);
    if (!r.removed) await addGrowth(docs, companyId, companyId, dayOf(r.createTime), -1);
    docs.delete(REVIEWS_COLLECTION, r._id);
  }
  docs.put(REVIEW_COMPANY_STATS_COLLECTION, company);
  docs.delete(REVIEW_LOCATION_STATS_COLLECTION, locationId);
  for (const g of await docs.find(REVIEW_GROWTH_COLLECTION, { scopeId: locationId })) docs.delete(REVIEW_GROWTH_COLLECTION, g._id);
}

function finish(doc: ReviewDoc): ReviewDoc {
  doc.stars = doc.starRating;
  doc.state = doc.removed ? 2 : doc.responded ? 1 : 0;
  doc.replySort = lower(doc.replyComment);
  doc.reviewerSort = lower(doc.reviewerName);
  doc.searchText = joinSearchText([doc.reviewerName, doc.comment]);
  return doc;
}

const entry = (kind: string, at: string, rest: Partial<ReviewHistoryEntry> = {}): ReviewHistoryEntry => ({
  kind,
  at,
  starRating: null,
  comment: null,
  by: null,
  message: null,
  ...rest,
});

/** The sorts the review tables offer, each ending with CreateTime and the id (a total order). */
export const REVIEW_SORTS: readonly SortSpec[] = [
  { createTime: -1, _id: -1 },
  { starRating: -1, createTime: -1, _id: -1 },
  { replySort: 1, createTime: 1, _id: 1 },
  { reviewerSort: 1, createTime: 1, _id: 1 },
  { locationTitle: 1, createTime: 1, _id: 1 },
  { sentimentScore: -1, createTime: -1, _id: -1 },
];

/** The index of a sort within a scope (indexes are walked either way), ending with the filter keys. */
const sortIndex = (scope: 'companyId' | 'locationId', sort: SortSpec): IndexSpec => ({
  key: Object.fromEntries([scope, ...Object.keys(sort), 'stars', 'state'].map((k): [string, 1] => [k, 1])),
});

/**
 * Reviews for the screens (`reviews`), counts and average rating per location and per company,
 * and review growth by day. Pure and replayable: a rebuild never calls Google.
 */
export const reviewsProjection: ProjectionDefinition<HandledEvent> = {
  name: 'reviews',
  // 2: filter keys (stars, state) at the end of each sort's index.
  // 3: sentiment read from the stars and the text (VADER), relabelling every stored review.
  version: 3,
  collections: [
    {
      name: REVIEWS_COLLECTION,
      // Each table sort has its index, ending with the filter keys (stars, state): a filtered page
      // walks the sort's index in order and tests the filters there. The counts of unanswered
      // reviews use their own keys (responded, removed), which no page filter names.
      indexes: [
        ...REVIEW_SORTS.map((sort) => sortIndex('companyId', sort)),
        ...REVIEW_SORTS.slice(0, 3).map((sort) => sortIndex('locationId', sort)),
        { key: { companyId: 1, responded: 1, removed: 1 } },
        { key: { locationId: 1, responded: 1, removed: 1 } },
        { key: { searchText: 'text' } },
      ],
      queries: [
        ...REVIEW_SORTS.map((sort) => ({ name: `company reviews by ${Object.keys(sort)[0]}`, filter: { companyId: 'c' }, sort })),
        ...REVIEW_SORTS.map((sort) => ({
          name: `company unanswered reviews from 4 stars by ${Object.keys(sort)[0]}`,
          filter: { companyId: 'c', stars: { $gte: 4 }, state: 0 },
          sort,
        })),
        { name: 'company unanswered count', filter: { companyId: 'c', responded: 0, removed: 0 } },
        { name: 'company reviews search', filter: { companyId: 'c', searchText: { $regex: 'great' } }, sort: { createTime: -1, _id: -1 } },
        ...REVIEW_SORTS.slice(0, 3).map((sort) => ({
          name: `location reviews by ${Object.keys(sort)[0]}`,
          filter: { locationId: 'l', stars: { $gte: 2 } },
          sort,
        })),
        { name: 'location unanswered reviews', filter: { locationId: 'l', state: 0 }, sort: { createTime: -1, _id: -1 } },
        { name: 'location unanswered count', filter: { locationId: 'l', responded: 0, removed: 0 } },
      ],
    },
    { name: REVIEW_LOCATION_STATS_COLLECTION, indexes: [{ key: { companyId: 1, connectionId: 1 } }] },
    { name: REVIEW_COMPANY_STATS_COLLECTION, indexes: [] },
    { name: REVIEW_GROWTH_COLLECTION, indexes: [{ key: { scopeId: 1, day: 1 } }, { key: { companyId: 1 } }] },
  ],
  handles: [
    ...reviewEventTypes,
    'ReviewsSynced',
    'ReviewsSyncFailed',
    'LocationCreated',
    'LocationImported',
    'LocationUpdated',
    'LocationSynced',
    'LocationDeleted',
    'GoogleAccountDisconnected',
    'CompanyDeleted',
  ],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CompanyDeleted': {
        const companyId = event.data.companyId;
        for (const name of [REVIEWS_COLLECTION, REVIEW_LOCATION_STATS_COLLECTION, REVIEW_GROWTH_COLLECTION])
          for (const d of await docs.find(name, { companyId })) docs.delete(name, d._id);
        docs.delete(REVIEW_COMPANY_STATS_COLLECTION, companyId);
        return;
      }
      case 'LocationCreated':
      case 'LocationImported':
      case 'LocationUpdated':
      case 'LocationSynced': {
        const { locationId, profile } = event.data;
        const prev = await docs.get<ReviewLocationStatsDoc>(REVIEW_LOCATION_STATS_COLLECTION, locationId);
        const companyId = 'companyId' in event.data ? event.data.companyId : prev?.companyId;
        if (!companyId) return;
        const base = prev ?? (await locationStats(docs, locationId, companyId));
        const stats = 'connectionId' in event.data ? { ...base, connectionId: event.data.connectionId } : base;
        if (stats.locationTitle === profile.Title) {
          if (stats !== prev) docs.put(REVIEW_LOCATION_STATS_COLLECTION, stats);
          return;
        }
        docs.put(REVIEW_LOCATION_STATS_COLLECTION, { ...stats, locationTitle: profile.Title });
        if (prev)
          for (const r of await docs.find<ReviewDoc>(REVIEWS_COLLECTION, { locationId })) docs.put(REVIEWS_COLLECTION, { ...r, locationTitle: profile.Title });
        return;
      }
      case 'LocationDeleted':
        await removeLocationReviews(docs, event.data.locationId, event.data.companyId);
        return;
      case 'GoogleAccountDisconnected': {
        // The account's locations leave the directory; their reviews leave the lists and counts.
        const { companyId, connectionId } = event.data;
        for (const stats of await docs.find<ReviewLocationStatsDoc>(REVIEW_LOCATION_STATS_COLLECTION, { companyId, connectionId }))
          await removeLocationReviews(docs, stats.locationId, companyId);
        return;
      }
      case 'ReviewsSynced': {
        const d = event.data;
        const stats = await locationStats(docs, d.locationId, d.companyId);
        docs.put(REVIEW_LOCATION_STATS_COLLECTION, {
          ...stats,
          googleAverageRating: d.averageRating,
          googleTotalReviewCount: d.totalReviewCount,
          lastSyncAt: d.syncedAt,
          lastSyncError: null,
        });
        return;
      }
      case 'ReviewsSyncFailed': {
        const d = event.data;
        const stats = await locationStats(docs, d.locationId, d.companyId);
        docs.put(REVIEW_LOCATION_STATS_COLLECTION, { ...stats, lastSyncError: d.message });
        return;
      }
      case 'ReviewReceived': {
        const d = event.data;
        const before = await docs.get<ReviewDoc>(REVIEWS_COLLECTION, d.reviewId);
        const loc = await locationStats(docs, d.locationId, d.companyId);
        const history = before ? [...before.history, entry('received', at, { starRating: d.starRating, comment: d.comment })] : [];
        const after: ReviewDoc = {
          _id: d.reviewId,
          companyId: d.companyId,
          locationId: d.locationId,
          locationTitle: loc.locationTitle,
          googleName: d.googleName,
          googleReviewId: d.googleReviewId,
          reviewerName: d.reviewer.displayName,
          reviewerPhotoUrl: d.reviewer.profilePhotoUrl,
          starRating: d.starRating,
          comment: d.comment,
          createTime: d.createTime,
          updateTime: d.updateTime,
          replyComment: d.reply?.comment ?? null,
          replyUpdateTime: d.reply?.updateTime ?? null,
          replyBy: d.reply ? { kind: 'google' } : null,
          replyState: d.reply ? 'posted' : 'none',
          replyError: null,
          replyRequestId: null,
          responded: d.reply ? 1 : 0,
          removed: 0,
          removedAt: null,
          ...sentimentFields(d.starRating, d.comment, d.sentiment),
          history: history.length ? history : [entry('received', at, { starRating: d.starRating, comment: d.comment })],
          stars: d.starRating,
          state: 0,
          replySort: '',
          reviewerSort: '',
          searchText: '',
        };
        await save(docs, before, after);
        return;
      }
      default: {
        const before = await docs.get<ReviewDoc>(REVIEWS_COLLECTION, event.data.reviewId);
        if (!before) return;
        const after: ReviewDoc = { ...before, history: [...before.history] };
        switch (event.type) {
          case 'ReviewUpdated': {
            const d = event.data;
            after.history.push(
              entry('updated', at, {
                starRating: d.previous.starRating,
                comment: d.previous.comment,
                message: `Changed from ${d.previous.starRating} to ${d.starRating} stars${d.previous.comment !== d.comment ? ', text edited' : ''}`,
              }),
            );
            Object.assign(after, {
              reviewerName: d.reviewer.displayName,
              reviewerPhotoUrl: d.reviewer.profilePhotoUrl,
              starRating: d.starRating,
              comment: d.comment,
              updateTime: d.updateTime,
              ...sentimentFields(d.starRating, d.comment, d.sentiment),
            });
            break;
          }
          case 'ReviewRemoved':
            after.removed = 1;
            after.removedAt = event.data.removedAt;
            after.history.push(entry('removed', at, { starRating: before.starRating, comment: before.comment }));
            break;
          case 'ReviewReplyRequested':
            after.replyState = 'pending';
            after.replyRequestId = event.data.requestId;
            after.replyError = null;
            break;
          case 'ReviewReplyDeleteRequested':
            after.replyState = 'deleting';
            after.replyRequestId = event.data.requestId;
            after.replyError = null;
            break;
          case 'ReviewReplyPosted': {
            const d = event.data;
            after.replyComment = d.comment;
            after.replyUpdateTime = d.updateTime;
            after.replyBy = d.by;
            after.responded = 1;
            if (d.requestId !== null && d.requestId === before.replyRequestId) after.replyRequestId = null;
            after.replyState = after.replyRequestId ? before.replyState : 'posted';
            after.replyError = null;
            after.history.push(entry('reply-posted', at, { comment: d.comment, by: d.by }));
            break;
          }
          case 'ReviewReplyDeleted': {
            const d = event.data;
            after.replyComment = null;
            after.replyUpdateTime = null;
            after.replyBy = null;
            after.responded = 0;
            if (d.requestId !== null && d.requestId === before.replyRequestId) after.replyRequestId = null;
            after.replyState = after.replyRequestId ? before.replyState : 'none';
            after.replyError = null;
            after.history.push(entry('reply-deleted', at, { comment: d.previousComment, by: d.by }));
            break;
          }
          case 'ReviewReplyFailed': {
            const d = event.data;
            if (d.requestId === before.replyRequestId) {
              after.replyRequestId = null;
              after.replyState = 'failed';
              after.replyError = d.message;
            }
            after.history.push(entry('reply-failed', at, { by: d.by, message: d.message }));
            break;
          }
          default:
            return;
        }
        await save(docs, before, after);
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [reviewsProjection];
