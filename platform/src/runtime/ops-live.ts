import { OPS_STATUS_COLLECTION, subjects, type ChangedMessage } from '@locus/contracts';
import type { Bus, BusSubscription } from '../bus/bus';
import type { RebuildJobs } from './rebuild-jobs';
import { projectionCheckpointOf } from './runtime-messages';
import { everySharedTick } from './shared-tick';

export interface OpsLive {
  close(): void;
}

/**
 * Tells open /operations pages (admin scope, `ops-status`) that the status changed, at most
 * once per `intervalMs`: a checkpoint moved, a generation switched, an event was parked, a
 * rebuild progressed. The page then reads `GET /api/ops/projections` again.
 */
export function startOpsLive(options: { bus: Bus; rebuildJobs?: Pick<RebuildJobs, 'onChange'>; intervalMs?: number }): OpsLive {
  const { bus } = options;
  let dirty = false;
  let position = 0;
  const mark = () => {
    dirty = true;
  };
  const subscriptions: BusSubscription[] = [
    bus.subscribe(subjects.checkpointAll(), (m) => {
      const p = projectionCheckpointOf(m.data)?.position;
      if (p !== undefined && p > position) position = p;
      mark();
    }),
    bus.subscribe(subjects.projectionSwitched(), mark),
    bus.subscribe('live.admin.notify.>', mark),
  ];
  const offJobs = options.rebuildJobs?.onChange(mark);
  // On the shared second: the tick that also carries the checkpoints' flush and the tail's progress.
  const stopTicks = everySharedTick(options.intervalMs ?? 1_000, () => {
    if (!dirty) return;
    dirty = false;
    const message: ChangedMessage = { kind: 'changed', collection: OPS_STATUS_COLLECTION, ids: [], many: true, companyId: null, position };
    try {
      bus.publish(subjects.changed(null, OPS_STATUS_COLLECTION), message);
    } catch {
      // a closed bus: the process is stopping
    }
  });
  return {
    close() {
      stopTicks();
      offJobs?.();
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
