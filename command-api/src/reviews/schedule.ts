import { LOCATIONS_COLLECTION, reviewSyncStream, type LocationDoc, type ReviewSyncEvent } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { appendEvents, systemMetadata, type ScheduleDefinition } from '../kit';

const PAGE = 500;

/**
 * The reviews schedule: every `LOCUS_REVIEWS_SYNC_INTERVAL_MS` (0: off), asks for an
 * incremental review read of every published location (a ReviewsSyncRequested on its
 * `review-sync-<id>` stream, handled by the `reviews.ingest` reactor). Under the scheduler's
 * lease, one process asks.
 */
export function reviewsSchedules(deps: Pick<CommandDeps, 'eventStore' | 'readModels' | 'clock' | 'ids' | 'logger' | 'config'>): ScheduleDefinition[] {
  async function requestReads(signal: AbortSignal): Promise<void> {
    const locations = deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);
    let requested = 0;
    for (let skip = 0; !signal.aborted; skip += PAGE) {
      const page = await locations.find({ isPublished: true }, { sort: { _id: 1 }, skip, limit: PAGE });
      for (const loc of page) {
        if (signal.aborted) break;
        const request: Extract<ReviewSyncEvent, { type: 'ReviewsSyncRequested' }> = {
          type: 'ReviewsSyncRequested',
          data: { locationId: loc._id, companyId: loc.companyId, trigger: 'schedule', mode: 'incremental', requestedAt: deps.clock.now().toISOString() },
        };
        await appendEvents(deps, reviewSyncStream(loc._id), [request], systemMetadata(deps, loc.companyId));
        requested++;
      }
      if (page.length < PAGE) break;
    }
    if (requested) deps.logger.info({ requested }, 'scheduled review reads requested');
  }

  return [{ name: 'reviews-sync', everyMs: deps.config.reviewsSyncIntervalMs, run: requestReads }];
}
