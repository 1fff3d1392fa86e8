import {
  locationStream,
  REVIEWS_COLLECTION,
  reviewErrors,
  reviewStream,
  reviewSyncStream,
  ReviewsSyncedSchema,
  type ConnectedAccountEvent,
  type LocationEvent,
  type ReviewDoc,
  type ReviewEvent,
  type ReviewSyncEvent,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { v4LocationName } from '../google/client';
import { GoogleApiError } from '../google/errors';
import type { GoogleReview } from '../google/types';
import { loadStream } from '../kit';
import { evolveLocation, initialLocationState, type LocationState } from '../locations/public';
import { ingestReview, type IngestPlacement } from './ingest';
import { reviewIdOf } from './review-id';
import { evolveReview, initialReviewState, type ReviewState } from './review-state';

const MAX_ATTEMPTS = 5;
/** Reviews of one location read and appended at once (their streams are independent). */
const INGEST_CONCURRENCY = 32;

type Only<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;
type Trigger = 'import' | 'sync' | 'schedule';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A Google failure worth another attempt (a transient one, or one without a code), while attempts remain. */
const retryableNow = (err: unknown, ctx: ReactorContext): boolean =>
  (err instanceof GoogleApiError ? err.retryable : !(typeof (err as { code?: unknown }).code === 'string')) && ctx.attempt < MAX_ATTEMPTS;

export async function reviewAt(deps: Pick<CommandDeps, 'eventStore'>, reviewId: string): Promise<ReviewState> {
  return (await loadStream<ReviewState, ReviewEvent>(deps.eventStore, reviewStream(reviewId), { evolve: evolveReview, initialState: initialReviewState }))
    .state;
}

async function locationAt(deps: Pick<CommandDeps, 'eventStore'>, locationId: string): Promise<LocationState> {
  return (
    await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), { evolve: evolveLocation, initialState: initialLocationState })
  ).state;
}

/** The newest Google updateTime a previous sync of the location saw (incremental runs stop there). */
async function newestSeen(deps: Pick<CommandDeps, 'eventStore'>, locationId: string): Promise<string | null> {
  try {
    const recent = await deps.eventStore.readStream(reviewSyncStream(locationId), { direction: 'backwards', fromRevision: 'end', maxCount: 20 });
    for (const e of recent) if (e.type === 'ReviewsSynced') return ReviewsSyncedSchema.pick({ newestUpdateTime: true }).parse(e.data).newestUpdateTime;
  } catch {
    // no sync yet
  }
  return null;
}

async function inChunks<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * Turns reviews as Google returns them into each review's events (a few streams at a time):
 * ReviewReceived for new ones, ReviewUpdated and reply changes for known ones, nothing for the
 * unchanged. `append` writes one review's events (the reactor's idempotent append).
 */
export async function ingestReviews(
  deps: Pick<CommandDeps, 'eventStore'>,
  reviews: readonly GoogleReview[],
  where: IngestPlacement,
  append: (stream: string, events: ReviewEvent[]) => Promise<void>,
): Promise<{ received: number; updated: number }> {
  const counts = { received: 0, updated: 0 };
  await inChunks(reviews, INGEST_CONCURRENCY, async (g) => {
    const reviewId = reviewIdOf(g.name);
    const events = ingestReview(await reviewAt(deps, reviewId), g, where);
    if (!events.length) return;
    for (const e of events) {
      if (e.type === 'ReviewReceived') counts.received++;
      if (e.type === 'ReviewUpdated') counts.updated++;
    }
    await append(reviewStream(reviewId), events);
  });
  return counts;
}

/**
 * Reviews' side effects:
 * - `reviews.ingest`: reads a location's reviews from Google (v4 reviews.list, newest update
 *   first) when it is imported or synced (full: every review, and removals detected) and when the
 *   schedule asks (incremental: until the newest updateTime already seen), and appends each
 *   review's changes to its `review-<id>` stream, then a ReviewsSynced (or ReviewsSyncFailed).
 * - `reviews.send-replies`: sends a requested reply write or delete to Google through the
 *   per-location write queue and appends the outcome.
 */
export function reviewsReactors(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const now = () => deps.clock.now().toISOString();

  async function ingestLocation(locationId: string, trigger: Trigger, mode: 'full' | 'incremental', ctx: ReactorContext): Promise<void> {
    const location = await locationAt(deps, locationId);
    if (location.status !== 'active' || !location.googleName) return;
    const { companyId } = location;
    const syncStream = reviewSyncStream(locationId);
    try {
      const { client } = await google.connection(location.connectionId);
      const v4 = v4LocationName(location.accountName, location.googleName);
      const since = mode === 'incremental' ? await newestSeen(deps, locationId) : null;
      const seen: GoogleReview[] = [];
      let averageRating: number | null = null;
      let totalReviewCount = 0;
      let pageToken: string | undefined;
      let done = false;
      do {
        const page = await client.listReviews(v4, { pageSize: 50, orderBy: 'updateTime desc', ...(pageToken ? { pageToken } : {}) });
        if (page.averageRating !== undefined) averageRating = page.totalReviewCount ? round2(page.averageRating) : null;
        totalReviewCount = page.totalReviewCount ?? totalReviewCount;
        for (const r of page.items) {
          if (since && r.updateTime <= since) {
            done = true;
            break;
          }
          seen.push(r);
        }
        pageToken = page.nextPageToken;
      } while (pageToken && !done);

      const at = now();
      const counts = {
        ...(await ingestReviews(deps, seen, { companyId, locationId, at }, (stream, events) => ctx.append(stream, events, { key: 'ingest', companyId }))),
        removed: 0,
      };

      if (mode === 'full') {
        const seenIds = new Set(seen.map((g) => reviewIdOf(g.name)));
        const known = await deps.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).find({ locationId, removed: 0 });
        await inChunks(
          known.filter((d) => !seenIds.has(d._id)),
          INGEST_CONCURRENCY,
          async (d) => {
            const state = await reviewAt(deps, d._id);
            if (state.status !== 'active') return;
            counts.removed++;
            await ctx.append(
              reviewStream(d._id),
              [
                {
                  type: 'ReviewRemoved',
                  data: { reviewId: d._id, companyId, locationId, removedAt: at, starRating: state.starRating, hadReply: state.reply !== null },
                },
              ],
              { key: 'ingest', companyId },
            );
          },
        );
      }
      const newest = seen.reduce<string | null>((m, r) => (m === null || r.updateTime > m ? r.updateTime : m), since);
      const synced: Only<ReviewSyncEvent, 'ReviewsSynced'> = {
        type: 'ReviewsSynced',
        data: { locationId, companyId, trigger, mode, newestUpdateTime: newest, averageRating, totalReviewCount, ...counts, syncedAt: at },
      };
      await ctx.append(syncStream, [synced], { key: 'synced', companyId });
    } catch (err) {
      if (retryableNow(err, ctx)) throw err;
      const code = err instanceof GoogleApiError ? err.code : String((err as { code?: unknown }).code ?? 'REVIEWS.SYNC_FAILED');
      const failed: Only<ReviewSyncEvent, 'ReviewsSyncFailed'> = {
        type: 'ReviewsSyncFailed',
        data: { locationId, companyId, trigger, code, message: err instanceof Error ? err.message : String(err), failedAt: now() },
      };
      await ctx.append(syncStream, [failed], { key: 'failed', companyId });
    }
  }

  /** Google pushed that one review is new or changed: that review alone is read and recorded. */
  async function ingestNotified(n: Only<ReviewSyncEvent, 'ReviewNotified'>['data'], ctx: ReactorContext): Promise<void> {
    const location = await locationAt(deps, n.locationId);
    if (location.status !== 'active' || !location.googleName) return;
    try {
      const { client } = await google.connection(location.connectionId);
      const review = await client.getReview(`${v4LocationName(location.accountName, location.googleName)}/reviews/${n.googleReviewId}`);
      await ingestReviews(deps, [review], { companyId: location.companyId, locationId: n.locationId, at: now() }, (stream, events) =>
        ctx.append(stream, events, { key: 'ingest', companyId: location.companyId }),
      );
    } catch (err) {
      // Gone again, or not readable with this connection: the scheduled read is the safety net.
      if (retryableNow(err, ctx)) throw err;
    }
  }

  const ingest: ReactorDefinition<
    Only<LocationEvent, 'LocationImported' | 'LocationSynced'> | Only<ReviewSyncEvent, 'ReviewsSyncRequested' | 'ReviewNotified'>
  > = {
    name: 'reviews.ingest',
    handles: ['LocationImported', 'LocationSynced', 'ReviewsSyncRequested', 'ReviewNotified'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      if (event.type === 'ReviewNotified') return ingestNotified(event.data, ctx);
      if (event.type === 'ReviewsSyncRequested') return ingestLocation(event.data.locationId, event.data.trigger, event.data.mode, ctx);
      return ingestLocation(event.data.locationId, event.type === 'LocationImported' ? 'import' : 'sync', 'full', ctx);
    },
  };

  const sendReplies: ReactorDefinition<Only<ReviewEvent, 'ReviewReplyRequested' | 'ReviewReplyDeleteRequested'>> = {
    name: 'reviews.send-replies',
    handles: ['ReviewReplyRequested', 'ReviewReplyDeleteRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { reviewId, requestId, companyId, locationId, by } = event.data;
      const state = await reviewAt(deps, reviewId);
      // Superseded by a newer request, or already answered.
      if (state.status !== 'active' || state.pending?.requestId !== requestId) return;
      const stream = reviewStream(reviewId);
      const where = { reviewId, companyId, locationId, requestId, by };
      const operation = event.type === 'ReviewReplyRequested' ? 'update' : 'delete';
      const location = await locationAt(deps, locationId);
      if (location.status !== 'active') {
        const data = { ...where, operation, code: reviewErrors.notFound.code, message: 'The location of this review is no longer in Locus' } as const;
        await ctx.append(stream, [{ type: 'ReviewReplyFailed', data }], { key: 'outcome', companyId });
        return;
      }
      try {
        const { client } = await google.connection(location.connectionId);
        if (event.type === 'ReviewReplyRequested') {
          const reply = await client.replyToReview(state.googleName, event.data.comment);
          if (reply.state === 'REJECTED') {
            // Google took the write but will not show the reply (its content policy).
            const why = reply.policyViolation ? ` (${reply.policyViolation})` : '';
            const data = { ...where, operation, code: 'GOOGLE.REPLY_REJECTED', message: `Google rejected the reply under its content policy${why}` } as const;
            await ctx.append(stream, [{ type: 'ReviewReplyFailed', data }], { key: 'outcome', companyId });
            return;
          }
          await ctx.append(
            stream,
            [
              {
                type: 'ReviewReplyPosted',
                data: {
                  ...where,
                  comment: reply.comment ?? event.data.comment,
                  updateTime: reply.updateTime ?? now(),
                  previousComment: state.reply?.comment ?? null,
                },
              },
            ],
            { key: 'outcome', companyId },
          );
        } else {
          try {
            await client.deleteReviewReply(state.googleName);
          } catch (err) {
            // Already without a reply on Google: the goal is reached.
            if (!(err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND')) throw err;
          }
          await ctx.append(stream, [{ type: 'ReviewReplyDeleted', data: { ...where, previousComment: state.reply?.comment ?? '', deletedAt: now() } }], {
            key: 'outcome',
            companyId,
          });
        }
      } catch (err) {
        if (retryableNow(err, ctx)) throw err;
        const code = err instanceof GoogleApiError ? err.code : String((err as { code?: unknown }).code ?? 'REVIEWS.GOOGLE_ERROR');
        await ctx.append(
          stream,
          [{ type: 'ReviewReplyFailed', data: { ...where, operation, code, message: err instanceof Error ? err.message : String(err) } }],
          { key: 'outcome', companyId },
        );
      }
    },
  };

  /**
   * A connected Google account is told to publish its new and changed reviews, and the changes
   * Google holds for review, to Locus's Pub/Sub topic (Notifications API); without a topic
   * configured, polling and the daily check alone read them.
   */
  const notificationSetting: ReactorDefinition<Extract<ConnectedAccountEvent, { type: 'GoogleAccountConnected' }>> = {
    name: 'reviews.notification-setting',
    handles: ['GoogleAccountConnected'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const topic = deps.config.google.pubsub.topic;
      if (!topic) return;
      try {
        const { client } = await google.connection(event.data.connectionId);
        await client.updateNotificationSetting(event.data.accountName, {
          pubsubTopic: topic,
          notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW', 'GOOGLE_UPDATE'],
        });
      } catch (err) {
        if (retryableNow(err, ctx)) throw err;
        deps.logger.warn({ err, accountName: event.data.accountName }, 'the account was not set to push review notifications; polling reads its reviews');
      }
    },
  };

  return [ingest, sendReplies, notificationSetting];
}
