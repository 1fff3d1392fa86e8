import { setMaxListeners } from 'node:events';
import { parse as parseUuid, v5 as uuidv5 } from 'uuid';
import { SYSTEM_ACTOR, type EventMetadata, type NotificationMessage } from '@locus/contracts';
import type { Bus } from '../bus/bus';
import { StreamNotFoundError, WrongExpectedVersionError, type EventStore, type EventToAppend, type RecordedEvent } from '../event-store/event-store';
import type { AtomicBatch, ReadStore } from '../read-store/read-store';
import { CheckpointFencedError } from '../read-store/read-store-errors';
import { backoffDelay, defaultBackoff, realSleep, type BackoffPolicy, type Sleep } from './backoff';
import { PermanentReactorError, type ReactorContext, type ReactorDefinition } from './definitions';
import type { Clock } from './deps';
import { createEventPump } from './event-pump';
import { lagOf } from './ops-status';
import { PARKED_COLLECTION, reactorCheckpointName } from './generations';
import { atFlushTick } from './flush-tick';
import { runFollowerLoop } from './follower-loop';
import { fencedCheckpoint, type LeaseFence, type Leases } from './lease';
import { errorMessage, RateMeter, silentLogger, type RuntimeLogger } from './runtime-logger';

/** Events of an outcome stream read back per page while looking for an outcome's ids. */
const OUTCOME_PAGE = 50;
/** Appends of an outcome that meet a concurrent writer before the handling is retried. */
const OUTCOME_APPEND_ATTEMPTS = 1_000;

/** Namespace of the uuid v5 ids of reactor outcome events. */
export const REACTOR_EVENT_ID_NAMESPACE = '6f1c2b0e-5d43-4c4e-9a57-0f3b8f1e2a61';
const NAMESPACE_BYTES = parseUuid(REACTOR_EVENT_ID_NAMESPACE);

/**
 * Id of an outcome event: the same reactor handling the same source event appends the
 * same ids, so a retry or a re-delivery after a crash appends nothing new.
 */
export function reactorEventId(reactor: string, sourceEventId: string, key: string, streamName: string, index: number): string {
  // The UTF-8 bytes uuid would make of the string itself, without its slower string encoding.
  return uuidv5(Buffer.from(JSON.stringify([reactor, sourceEventId, key, streamName, index]), 'utf8'), NAMESPACE_BYTES);
}

import type { ParkedEventDoc } from './generations';
export type { ParkedEventDoc };

export type ReactorRunState = 'starting' | 'standby' | 'live' | 'retrying' | 'error' | 'stopped';

export interface ReactorStatus {
  name: string;
  state: ReactorRunState;
  position: number | null;
  head: number;
  lag: number;
  processed: number;
  rate: number;
  parked: ParkedEventDoc[];
  lastError: string | null;
}

export type ParkedRetryOutcome = { succeeded: true; parked: ParkedEventDoc } | { succeeded: false; parked: ParkedEventDoc; error: string };

export interface ReactorRuntime {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ReactorStatus[]>;
  /** The parked event of this reactor, or null. */
  parkedEvent(reactor: string, eventId: string): Promise<ParkedEventDoc | null>;
  /**
   * Handles a parked event once more (an operator's retry): on success it leaves the parked
   * list; on failure it stays, with the new error and one more attempt. Null when not parked.
   */
  retryParked(reactor: string, eventId: string): Promise<ParkedRetryOutcome | null>;
  /** Takes a parked event off the list without handling it. Null when not parked. */
  skipParked(reactor: string, eventId: string): Promise<ParkedEventDoc | null>;
}

export interface ReactorRuntimeOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Parked events are announced to administrators (`live.admin.notify.ReactorEventParked`). */
  bus?: Bus;
  reactors: readonly ReactorDefinition[];
  logger?: RuntimeLogger;
  clock?: Clock;
  /** Injected in tests so retries need no real waiting. */
  sleep?: Sleep;
  backoff?: BackoffPolicy;
  /** Default when a reactor does not set maxAttempts (default 8). */
  maxAttempts?: number;
  batchSize?: number;
  /** Distributed mode: one active instance per reactor (lease `reactor:<name>`). */
  leases?: Leases;
  /**
   * Events a reactor does not handle advance its checkpoint in memory; it is written at most
   * this long after (default 1 s), and always when the reactor stops.
   */
  checkpointFlushMs?: number;
}

interface Run {
  def: ReactorDefinition;
  handles: Set<string>;
  state: ReactorRunState;
  position: number | null;
  lastError: string | null;
  meter: RateMeter;
  /** The lease it follows under (leased mode): its checkpoints carry it. */
  fence: LeaseFence | undefined;
  /** Writes of this reactor's checkpoint, one at a time in call order, so it never goes back. */
  commitInTurn(batch: AtomicBatch): Promise<void>;
}

/**
 * Runs reactors: followers of $all that cause side effects and append their outcomes. Each
 * has its own checkpoint (never touched by a rebuild). A handler failing with a transient
 * error is retried with capped exponential backoff; a PermanentReactorError, or running out
 * of attempts, parks the event in `_reactor_parked` (with the checkpoint, atomically) and
 * the reactor moves on.
 */
export function createReactorRuntime(options: ReactorRuntimeOptions): ReactorRuntime {
  const { eventStore, readStore, bus, leases } = options;
  const logger = options.logger ?? silentLogger;
  const sleep = options.sleep ?? realSleep;
  const backoff = options.backoff ?? defaultBackoff;
  const defaultMaxAttempts = options.maxAttempts ?? 8;
  const batchSize = options.batchSize ?? 100;
  const checkpointFlushMs = options.checkpointFlushMs ?? 1_000;
  const now = () => options.clock?.now() ?? new Date();

  const names = new Set<string>();
  for (const r of options.reactors) {
    if (!r.name || names.has(r.name)) throw new Error(`Reactor name "${r.name}" is empty or used twice`);
    names.add(r.name);
  }
  const runs: Run[] = options.reactors.map((def) => {
    let turn: Promise<unknown> = Promise.resolve();
    return {
      def,
      handles: new Set(def.handles),
      state: 'stopped',
      position: null,
      lastError: null,
      meter: new RateMeter(),
      fence: undefined,
      commitInTurn(batch) {
        const result = turn.then(() => readStore.commit(batch));
        turn = result.catch(() => undefined);
        return result;
      },
    };
  });
  let controller: AbortController | null = null;
  let tasks: Promise<void>[] = [];

  const checkpointOf = (run: Run, position: number) => fencedCheckpoint(reactorCheckpointName(run.def.name), position, run.fence);

  function contextFor(def: ReactorDefinition, source: RecordedEvent, attempt: number, signal?: AbortSignal): ReactorContext {
    let call = 0;
    const streams = new Map<string, KnownStream>();
    /** The last append of this handling to each stream: the next one waits for it. */
    const turns = new Map<string, Promise<void>>();
    return {
      attempt,
      ...(signal ? { signal } : {}),
      append(streamName, events, appendOptions = {}) {
        // Without a key, the n-th append call of a handling is told apart by its order.
        const key = appendOptions.key ?? `#${call}`;
        call++;
        const metadata: EventMetadata = {
          companyId: appendOptions.companyId !== undefined ? appendOptions.companyId : source.metadata.companyId,
          actor: SYSTEM_ACTOR,
          correlationId: source.metadata.correlationId,
          causationId: source.id,
          occurredAt: now().toISOString(),
        };
        const outcome = events.map((e, i) => ({ ...e, id: reactorEventId(def.name, source.id, key, streamName, i), metadata }));
        // A handling's concurrent appends to one stream (a bulk edit's outcomes on its job stream)
        // take turns: together they would all expect the same revision, and all but one would
        // conflict, read the stream again and retry.
        const previous = turns.get(streamName) ?? Promise.resolve();
        const mine = previous.then(() => appendOutcome(streams, streamName, outcome, source.position));
        const settled = mine.catch(() => undefined);
        turns.set(streamName, settled);
        void settled.then(() => {
          if (turns.get(streamName) === settled) turns.delete(streamName);
        });
        return mine;
      },
      seen(streamName, read) {
        // Every id of the stream as read: a superset of those after the source event.
        streams.set(streamName, { revision: read.revision, ids: new Set(read.events.map((e) => e.id)), fresh: true });
      },
    };
  }

  /**
   * What one handling knows of an outcome stream: its revision and the ids after the source
   * event. `fresh`: nothing to read before the next append (the handling read the stream, or
   * appended to it, itself); the append's expected revision says whether that still holds.
   */
  interface KnownStream {
    revision: bigint | 'no_stream';
    ids: Set<string>;
    fresh?: boolean;
  }

  /** The stream's events after `after` (newest first, paged), or only those past what is known. */
  async function refresh(streamName: string, after: number, known: KnownStream | undefined): Promise<KnownStream> {
    const state: KnownStream = known ? { revision: known.revision, ids: known.ids } : { revision: 'no_stream', ids: new Set() };
    try {
      if (known && known.revision !== 'no_stream') {
        for (const e of await eventStore.readStream(streamName, { fromRevision: known.revision + 1n })) {
          state.ids.add(e.id);
          state.revision = e.revision;
        }
        return state;
      }
      for (let from: bigint | 'end' = 'end'; ;) {
        const page = await eventStore.readStream(streamName, { direction: 'backwards', fromRevision: from, maxCount: OUTCOME_PAGE });
        if (state.revision === 'no_stream' && page[0]) state.revision = page[0].revision;
        const newer = page.filter((e) => e.position > after);
        for (const e of newer) state.ids.add(e.id);
        const last = page[page.length - 1];
        if (newer.length < page.length || page.length < OUTCOME_PAGE || !last || last.revision === 0n) return state;
        from = last.revision - 1n;
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return state;
      throw err;
    }
  }

  /**
   * Appends an outcome unless its ids are in the stream already, at the exact revision it
   * looked at: the store's own recognition of ids under 'any' does not survive an EventStoreDB
   * restart. An outcome is appended after its source event, so only the stream's events after
   * `after` (the source's position) are looked at; `streams` keeps what the handling has seen,
   * so its further appends read only what is new.
   */
  async function appendOutcome(streams: Map<string, KnownStream>, streamName: string, events: EventToAppend[], after: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const previous = streams.get(streamName);
      // A stream known fresh is appended to at once: at its known revision, nothing it has not seen
      // can be in it; a conflict means something was, and it is read on the next attempt.
      const known = previous?.fresh ? previous : await refresh(streamName, after, previous);
      streams.set(streamName, known);
      const missing = events.filter((e) => !known.ids.has(e.id));
      if (missing.length === 0) return;
      known.fresh = false;
      try {
        const result = await eventStore.append(streamName, missing, { expectedRevision: known.revision });
        for (const e of missing) known.ids.add(e.id);
        known.revision = result.nextExpectedRevision;
        known.fresh = true;
        return;
      } catch (err) {
        // Another writer appended meanwhile (each conflict is someone's progress): look again.
        if (!(err instanceof WrongExpectedVersionError) || attempt >= OUTCOME_APPEND_ATTEMPTS) throw err;
      }
    }
  }

  /** `checkpoint` false: a concurrent reactor, whose checkpoint follows the events done in order. */
  async function park(run: Run, event: RecordedEvent, err: unknown, attempts: number, checkpoint = true): Promise<void> {
    const permanent = err instanceof PermanentReactorError;
    const doc: ParkedEventDoc = {
      _id: `${run.def.name}:${event.id}`,
      companyId: event.metadata.companyId ?? null,
      reactor: run.def.name,
      eventId: event.id,
      eventType: event.type,
      streamName: event.streamName,
      position: event.position,
      error: errorMessage(err),
      permanent,
      attempts,
      parkedAt: now().toISOString(),
    };
    await run.commitInTurn({
      writes: [{ collection: PARKED_COLLECTION, ops: [{ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }] }],
      ...(checkpoint ? { checkpoint: checkpointOf(run, event.position) } : {}),
    });
    logger.error({ reactor: run.def.name, eventId: event.id, eventType: event.type, attempts, permanent, err }, 'reactor event parked');
    if (bus) {
      const message: NotificationMessage = {
        kind: 'notification',
        name: 'ReactorEventParked',
        payload: { reactor: doc.reactor, eventId: doc.eventId, eventType: doc.eventType, error: doc.error, attempts },
      };
      try {
        bus.publish('live.admin.notify.ReactorEventParked', message);
      } catch {
        // the park is recorded; the notice is best effort
      }
    }
  }

  /** Handles one event until done or parked. False when stopped before finishing. */
  async function handleEvent(run: Run, event: RecordedEvent, signal: AbortSignal, checkpoint = true): Promise<boolean> {
    const maxAttempts = Math.max(1, run.def.maxAttempts ?? defaultMaxAttempts);
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return false;
      try {
        await run.def.handle(event, contextFor(run.def, event, attempt, signal));
        if (checkpoint) await run.commitInTurn({ writes: [], checkpoint: checkpointOf(run, event.position) });
        if (run.state === 'retrying') run.state = 'live';
        run.lastError = null;
        return true;
      } catch (err) {
        // The lease was taken over: stop here, the new holder handles the event.
        if (err instanceof CheckpointFencedError) throw err;
        if (err instanceof PermanentReactorError || attempt >= maxAttempts) {
          await park(run, event, err, attempt, checkpoint);
          run.state = 'live';
          return true;
        }
        run.state = 'retrying';
        run.lastError = errorMessage(err);
        logger.warn({ reactor: run.def.name, eventId: event.id, attempt, err }, 'reactor failed; will retry');
        await sleep(backoffDelay(backoff, attempt), signal);
      }
    }
  }

  async function follow(run: Run, signal: AbortSignal, fence?: LeaseFence): Promise<void> {
    run.fence = fence;
    const checkpoint = await readStore.getCheckpoint(reactorCheckpointName(run.def.name));
    run.position = checkpoint?.position ?? null;
    // A new holder claims the checkpoint with its epoch at once: from then on a stalled former
    // holder's late writes are refused.
    if (fence !== undefined) await run.commitInTurn({ writes: [], checkpoint: checkpointOf(run, checkpoint?.position ?? 0) });
    // Only the events it handles reach it; the others move its position through onCheckpoint.
    const pump = createEventPump(
      (onCheckpoint) => eventStore.subscribeToAll({ after: checkpoint?.position, batchSize, eventTypes: run.def.handles, onCheckpoint }),
      batchSize * 2,
    );
    const subscription = pump.subscription;
    const end = () => void subscription.unsubscribe();
    signal.addEventListener('abort', end, { once: true });
    run.state = 'live';
    // Events this reactor does not handle move its position in memory; the stored checkpoint
    // follows within checkpointFlushMs (a restart re-reads a few events it skips anyway).
    let unsaved: number | null = null;
    let cancelFlush = null as (() => void) | null;
    // One flush after another: the flush on stop waits for one the tick started, whose write may still be under way.
    let flushing: Promise<void> = Promise.resolve();
    const flush = (): Promise<void> =>
      (flushing = flushing.then(async () => {
        if (unsaved === null) return;
        const position = unsaved;
        unsaved = null;
        try {
          await run.commitInTurn({ writes: [], checkpoint: checkpointOf(run, position) });
        } catch (err) {
          logger.warn({ err, reactor: run.def.name }, 'reactor checkpoint write failed');
        }
      }));
    const scheduleFlush = () => {
      if (cancelFlush) return;
      cancelFlush = atFlushTick(checkpointFlushMs, () => {
        cancelFlush = null;
        void flush();
      });
    };
    const concurrent = (run.def.concurrency ?? 1) > 1 ? inOrderWindow(run, signal, (position) => ((unsaved = position), scheduleFlush())) : null;
    try {
      for (;;) {
        const batch = await pump.take(batchSize);
        if (!batch) return;
        if (concurrent) {
          if (!(await concurrent.take(batch))) return;
          continue;
        }
        for (const event of batch.events) {
          if (!run.handles.has(event.type)) {
            unsaved = event.position;
            run.position = event.position;
            continue;
          }
          // The checkpoint written after handling this event supersedes any unsaved one.
          unsaved = null;
          if (!(await handleEvent(run, event, signal))) return;
          run.position = event.position;
          run.meter.add(1);
        }
        if (batch.position > (run.position ?? -1)) {
          // Events filtered out after the last one handled.
          unsaved = batch.position;
          run.position = batch.position;
        }
        if (unsaved !== null) scheduleFlush();
      }
    } finally {
      await concurrent?.drain();
      cancelFlush?.();
      await flush();
      signal.removeEventListener('abort', end);
      end();
    }
  }

  /**
   * A concurrent reactor's handling: up to `concurrency` events at once, one stream's events in
   * order. `save` is told the position below which every event is done (skipped events
   * included), which is where a restart resumes.
   */
  function inOrderWindow(run: Run, signal: AbortSignal, save: (position: number) => void) {
    const limit = Math.max(1, run.def.concurrency ?? 1);
    /**
     * Handled events not yet passed by the checkpoint, oldest first, each with the position of
     * the event seen before it: where the checkpoint stands while it is the oldest undone.
     */
    const window: { position: number; before: number | null; done: boolean }[] = [];
    const streamTails = new Map<string, Promise<unknown>>();
    const running = new Set<Promise<void>>();
    let seen: number | null = null;
    let failure: { err: unknown } | null = null;
    let stopped = false;

    const advance = () => {
      while (window[0]?.done) window.shift();
      const position = window.length ? window[0]!.before : seen;
      if (position !== null && position > (run.position ?? -1)) {
        run.position = position;
        save(position);
      }
    };

    const start = (event: RecordedEvent, seenBefore: number | null) => {
      const entry = { position: event.position, before: seenBefore, done: false };
      window.push(entry);
      const before = streamTails.get(event.streamName) ?? Promise.resolve();
      const task = before.then(async () => {
        try {
          if (!(await handleEvent(run, event, signal, false))) {
            stopped = true;
            return;
          }
          entry.done = true;
          run.meter.add(1);
          advance();
        } catch (err) {
          failure ??= { err };
        }
      });
      streamTails.set(event.streamName, task);
      void task.then(() => {
        if (streamTails.get(event.streamName) === task) streamTails.delete(event.streamName);
      });
      running.add(task);
      void task.then(() => running.delete(task));
    };

    return {
      /** Starts the batch's events as slots free up; false when the reactor must stop. */
      async take(batch: { events: readonly RecordedEvent[]; position: number }): Promise<boolean> {
        for (const event of batch.events) {
          while (running.size >= limit && !failure && !stopped) await Promise.race(running);
          if (failure) throw failure.err;
          if (stopped || signal.aborted) return false;
          const before = seen ?? run.position;
          seen = event.position;
          if (run.handles.has(event.type)) start(event, before);
          else advance();
        }
        seen = Math.max(seen ?? -1, batch.position);
        advance();
        return true;
      },
      /** Waits for the events in hand (on a stop, a failure or the end of the subscription); a failure was thrown by `take`. */
      async drain() {
        await Promise.allSettled([...running]);
      },
    };
  }

  async function runReactor(run: Run, signal: AbortSignal): Promise<void> {
    await runFollowerLoop({
      leaseName: `reactor:${run.def.name}`,
      leases,
      signal,
      sleep,
      retry: backoff,
      follow: (s, fence) => follow(run, s, fence),
      onStandby: () => {
        run.state = 'standby';
      },
      onLeaseLost: (reason) => logger.warn({ reactor: run.def.name, reason }, 'reactor lease lost; going to standby'),
      // Store failures (checkpoint, park): start again from the checkpoint after a pause.
      onFailure: (err) => {
        run.state = 'error';
        run.lastError = errorMessage(err);
        logger.error({ err, reactor: run.def.name }, 'reactor runtime failed; restarting from checkpoint');
      },
    });
    run.state = 'stopped';
  }

  const parkedId = (reactor: string, eventId: string) => `${reactor}:${eventId}`;
  const parkedDocs = () => readStore.collection<ParkedEventDoc>(PARKED_COLLECTION);
  const runOf = (reactor: string) => runs.find((r) => r.def.name === reactor);
  const unpark = (run: Run, doc: ParkedEventDoc) =>
    run.commitInTurn({ writes: [{ collection: PARKED_COLLECTION, ops: [{ deleteOne: { filter: { _id: doc._id } } }] }] });

  async function parkedEvent(reactor: string, eventId: string): Promise<ParkedEventDoc | null> {
    if (!runOf(reactor)) return null;
    return (await parkedDocs().findOne({ _id: parkedId(reactor, eventId) })) ?? null;
  }

  return {
    parkedEvent,
    async retryParked(reactor, eventId) {
      const run = runOf(reactor);
      const doc = await parkedEvent(reactor, eventId);
      if (!run || !doc) return null;
      // Parked documents keep the position, not the event.
      const event = await eventStore.eventAt(doc.position);
      if (!event || event.id !== doc.eventId) {
        const error = 'The parked event is no longer in the event store';
        return { succeeded: false, parked: doc, error };
      }
      const attempt = doc.attempts + 1;
      try {
        // The same outcome ids as the first handling: a retry appends nothing twice.
        await run.def.handle(event, contextFor(run.def, event, attempt));
      } catch (err) {
        const failed: ParkedEventDoc = { ...doc, error: errorMessage(err), attempts: attempt, permanent: err instanceof PermanentReactorError };
        await run.commitInTurn({
          writes: [{ collection: PARKED_COLLECTION, ops: [{ replaceOne: { filter: { _id: doc._id }, replacement: failed, upsert: true } }] }],
        });
        logger.warn({ reactor, eventId, attempt, err }, 'parked event failed again on retry');
        return { succeeded: false, parked: failed, error: failed.error };
      }
      await unpark(run, doc);
      logger.info({ reactor, eventId, attempt }, 'parked event retried and handled');
      return { succeeded: true, parked: { ...doc, attempts: attempt } };
    },
    async skipParked(reactor, eventId) {
      const run = runOf(reactor);
      const doc = await parkedEvent(reactor, eventId);
      if (!run || !doc) return null;
      await unpark(run, doc);
      logger.info({ reactor, eventId }, 'parked event skipped');
      return doc;
    },
    async start() {
      if (controller) return;
      controller = new AbortController();
      const signal = controller.signal;
      // One listener per follower on the shared stop signal: not a leak, so no warning past 10.
      setMaxListeners(0, signal);
      for (const run of runs) run.state = 'starting';
      tasks = runs.map((run) => runReactor(run, signal));
    },
    async stop() {
      if (!controller) return;
      controller.abort();
      await Promise.allSettled(tasks);
      controller = null;
      tasks = [];
    },
    async status() {
      const head = await eventStore.headPosition();
      const parked = await readStore.collection<ParkedEventDoc>(PARKED_COLLECTION).find({}, { sort: { position: 1 } });
      const stored = await Promise.all(runs.map((run) => readStore.getCheckpoint(reactorCheckpointName(run.def.name))));
      const positions = runs.map((run, i) => run.position ?? stored[i]?.position ?? null);
      const lags = await Promise.all(positions.map((position) => lagOf(eventStore, position, head)));
      return runs.map((run, i) => {
        const position = positions[i]!;
        return {
          name: run.def.name,
          state: run.state,
          position,
          head,
          lag: lags[i]!,
          processed: run.meter.processed,
          rate: Math.round(run.meter.rate() * 10) / 10,
          parked: parked.filter((p) => p.reactor === run.def.name),
          lastError: run.lastError,
        };
      });
    },
  };
}
