import { OPS_STATUS_COLLECTION, subjects, type ChangedMessage } from '@locus/contracts';
import type { Bus, BusSubscription } from '../bus/bus';
import type { RebuildJobs } from './rebuild-jobs';
import { projectionCheckpointOf } from './runtime-messages';

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
  const intervalMs = options.intervalMs ?? 1_000;
  let position = 0;
  // No timer while nothing changes: the first change starts one, and what changes meanwhile goes with it.
  let timer: NodeJS.Timeout | null = null;
  const tell = () => {
    timer = null;
    const message: ChangedMessage = { kind: 'changed', collection: OPS_STATUS_COLLECTION, ids: [], many: true, companyId: null, position };
    try {
      bus.publish(subjects.changed(null, OPS_STATUS_COLLECTION), message);
    } catch {
      // a closed bus: the process is stopping
    }
  };
  const mark = () => {
    if (timer) return;
    timer = setTimeout(tell, intervalMs);
    timer.unref();
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
  return {
    close() {
      if (timer) clearTimeout(timer);
      offJobs?.();
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
