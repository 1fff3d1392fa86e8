import { randomUUID } from 'node:crypto';
import { LOCATIONS_COLLECTION, reviewSyncStream, SYSTEM_ACTOR, type LocationDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';

const PAGE = 500;

/**
 * The reviews schedule: every `intervalMs`, asks for an incremental review read of every
 * published location (a ReviewsSyncRequested on its `review-sync-<id>` stream, handled by the
 * `reviews.ingest` reactor). Runs where the reactors run; a second replica's requests only
 * repeat an idempotent read.
 */
export function startReviewsSchedule(deps: Pick<CommandDeps, 'eventStore' | 'readModels' | 'clock' | 'logger'>, intervalMs: number): { stop(): void } {
  if (intervalMs <= 0) return { stop: () => undefined };
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function tick(): Promise<void> {
    const locations = deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);
    let requested = 0;
    for (let skip = 0; !stopped; skip += PAGE) {
      const page = await locations.find({ isPublished: true }, { sort: { _id: 1 }, skip, limit: PAGE });
      for (const loc of page) {
        if (stopped) break;
        const at = deps.clock.now().toISOString();
        await deps.eventStore.append(reviewSyncStream(loc._id), [
          {
            id: randomUUID(),
            type: 'ReviewsSyncRequested',
            data: { locationId: loc._id, companyId: loc.companyId, trigger: 'schedule', mode: 'incremental', requestedAt: at },
            metadata: { companyId: loc.companyId, actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, occurredAt: at },
          },
        ]);
        requested++;
      }
      if (page.length < PAGE) break;
    }
    if (requested) deps.logger.info({ requested }, 'scheduled review reads requested');
  }

  const loop = () => {
    timer = setTimeout(() => {
      tick()
        .catch((err: unknown) => deps.logger.error({ err }, 'scheduled review read failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, intervalMs);
    timer.unref();
  };
  loop();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
