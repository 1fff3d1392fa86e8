import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import type { ProjectionDefinition, ReactorDefinition } from './definitions';
import type { Clock } from './deps';
import type { RebuildJobs, RebuildJobStatus } from './rebuild-jobs';
import { PARKED_COLLECTION, type ParkedEventDoc, projectionCheckpointName, readAllProjectionStates, reactorCheckpointName } from './generations';

export interface OpsProjectionStatus {
  kind: 'projection';
  name: string;
  /** Code version of the running code, and of the active generation. */
  version: number;
  activeVersion: number | null;
  generation: number | null;
  position: number | null;
  head: number;
  /** Events after the checkpoint (at most LAG_COUNTED). */
  lag: number;
  /** Events per second since the previous status call (null on the first). */
  rate: number | null;
  state: 'live' | 'rebuilding' | 'not-built';
  building: { generation: number; version: number; position: number | null; lag: number } | null;
  /** The rebuild this server runs or last ran for it (progress, estimate), if any. */
  rebuild: RebuildJobStatus | null;
  parked: 0;
}

export interface OpsParkedEvent {
  eventId: string;
  eventType: string;
  streamName: string;
  position: number;
  companyId: string | null;
  error: string;
  permanent: boolean;
  attempts: number;
  parkedAt: string;
  /** The event itself as stored (null when it is no longer in the store). */
  data: unknown;
  occurredAt: string | null;
}

export interface OpsReactorStatus {
  kind: 'reactor';
  name: string;
  generation: null;
  position: number | null;
  head: number;
  lag: number;
  rate: number | null;
  state: 'live';
  parked: number;
  /** The oldest parked events (at most PARKED_EVENTS_SHOWN), with their error and the event. */
  parkedEvents: OpsParkedEvent[];
}

/**
 * Lag is counted in events, at most this many: positions are opaque (byte offsets on
 * EventStoreDB), and counting there means reading the events.
 */
export const LAG_COUNTED = 100_000;

/** Events after a checkpoint (0 or null: from the start) up to the head. */
export const lagOf = (eventStore: EventStore, position: number | null, head: number): Promise<number> =>
  position !== null && position >= head ? Promise.resolve(0) : eventStore.countAfter(position ?? 0, { upTo: head, max: LAG_COUNTED });

/** Parked events listed per reactor; the count says how many there are in all. */
export const PARKED_EVENTS_SHOWN = 50;

export interface OpsStatusReport {
  head: number;
  at: string;
  projections: OpsProjectionStatus[];
  reactors: OpsReactorStatus[];
}

export interface OpsStatus {
  status(): Promise<OpsStatusReport>;
}

export interface OpsStatusOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly ProjectionDefinition[];
  reactors?: readonly ReactorDefinition[];
  clock?: Clock;
  /** Shortest interval a rate is measured over; quicker calls reuse the last rate (default 1 s). */
  minRateIntervalMs?: number;
  /** Online rebuilds of this process (their progress and estimate join the projections' rows). */
  rebuildJobs?: Pick<RebuildJobs, 'list'>;
}

/**
 * Operator view of projections and reactors, read from the stores (so any process can
 * serve it, e.g. GET /api/ops/projections in query-api): generation, checkpoint, head, lag,
 * rate between calls, live or rebuilding, parked reactor events.
 */
export function createOpsStatus(options: OpsStatusOptions): OpsStatus {
  const { eventStore, readStore, projections } = options;
  const reactors = options.reactors ?? [];
  const minInterval = options.minRateIntervalMs ?? 1_000;
  const nowMs = () => (options.clock ? options.clock.now().getTime() : Date.now());
  const samples = new Map<string, { t: number; position: number; rate: number | null }>();

  async function rateOf(key: string, position: number | null, t: number): Promise<number | null> {
    if (position === null) return null;
    const prev = samples.get(key);
    if (!prev) {
      samples.set(key, { t, position, rate: null });
      return null;
    }
    if (t - prev.t < minInterval) return prev.rate;
    // Events handled since the previous sample (a rebuilt generation may start behind it).
    const handled = position > prev.position ? await eventStore.countAfter(prev.position, { upTo: position }) : 0;
    const rate = Math.round((handled / ((t - prev.t) / 1000)) * 10) / 10;
    samples.set(key, { t, position, rate });
    return rate;
  }

  return {
    async status() {
      const t = nowMs();
      const head = await eventStore.headPosition();
      const states = await readAllProjectionStates(readStore);
      const jobs = new Map((options.rebuildJobs?.list() ?? []).map((j) => [j.projection, j]));
      const out: OpsStatusReport = { head, at: new Date(t).toISOString(), projections: [], reactors: [] };

      for (const def of projections) {
        const s = states.get(def.name);
        const generation = s?.activeGeneration ?? null;
        const cp = generation !== null ? await readStore.getCheckpoint(projectionCheckpointName(def.name, generation)) : null;
        const position = generation !== null ? (cp?.position ?? 0) : null;
        let building: OpsProjectionStatus['building'] = null;
        if (s?.building) {
          const bcp = await readStore.getCheckpoint(projectionCheckpointName(def.name, s.building.generation));
          building = {
            generation: s.building.generation,
            version: s.building.version,
            position: bcp?.position ?? null,
            lag: await lagOf(eventStore, bcp?.position ?? null, head),
          };
        }
        out.projections.push({
          kind: 'projection',
          name: def.name,
          version: def.version,
          activeVersion: s?.version ?? null,
          generation,
          position,
          head,
          lag: await lagOf(eventStore, position, head),
          rate: await rateOf(`p:${def.name}:${generation}`, position, t),
          state: s?.building ? 'rebuilding' : generation === null ? 'not-built' : 'live',
          building,
          rebuild: jobs.get(def.name) ?? null,
          parked: 0,
        });
      }

      const parked = reactors.length ? await readStore.collection<ParkedEventDoc>(PARKED_COLLECTION).find({}, { sort: { position: 1 } }) : [];
      for (const def of reactors) {
        const mine = parked.filter((p) => p.reactor === def.name);
        const parkedEvents: OpsParkedEvent[] = [];
        for (const p of mine.slice(0, PARKED_EVENTS_SHOWN)) {
          const event = await eventStore.eventAt(p.position);
          const stored = event?.id === p.eventId ? event : undefined;
          parkedEvents.push({
            eventId: p.eventId,
            eventType: p.eventType,
            streamName: p.streamName,
            position: p.position,
            companyId: p.companyId,
            error: p.error,
            permanent: p.permanent,
            attempts: p.attempts,
            parkedAt: p.parkedAt,
            data: stored?.data ?? null,
            occurredAt: stored?.metadata.occurredAt ?? null,
          });
        }
        const cp = await readStore.getCheckpoint(reactorCheckpointName(def.name));
        const position = cp?.position ?? null;
        out.reactors.push({
          kind: 'reactor',
          name: def.name,
          generation: null,
          position,
          head,
          lag: await lagOf(eventStore, position, head),
          rate: await rateOf(`r:${def.name}`, position, t),
          state: 'live',
          parked: mine.length,
          parkedEvents,
        });
      }
      return out;
    },
  };
}
