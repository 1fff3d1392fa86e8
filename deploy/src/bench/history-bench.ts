import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import {
  HISTORY_COLLECTION,
  locationStream,
  userStream,
  type EventMetadata,
  type HistoryDoc,
  type HistoryFilter,
  type LocationProfile,
} from '@locus/contracts';
import {
  createEmbeddedReadStore,
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createReadModels,
  createSqliteEventStore,
  type Collection,
  type EventStore,
  type EventToAppend,
  type WriteOp,
} from '@locus/platform';
import { auditedKinds } from '@locus/command-api/audit/audited-entities';
import { emptyProfile } from '@locus/contracts';
import { historyProjection } from '@locus/projectors/audit/index';
import { HISTORY_EXPORT_BATCH, historyExportLines } from '@locus/query-api/audit/index';
import { historyFilter, readHistoryPage } from '@locus/query-api/audit/history-rows';
import { verifyExport } from '../audit/verify-export';
import { PROJECTION_THREAD_CACHE_MB } from '../projection-threads';
import { percentile } from './measure';

export interface HistoryBenchResult {
  historyEvents: number;
  historyPageP50Ms: number;
  historyPageP95Ms: number;
  /** Free-text search over the whole history (the other filters are in historyPageP95Ms). */
  historySearchP95Ms: number;
  pointInTimeMs: number;
  exportEvents: number;
  exportPeakHeapGrowthMb: number;
  exportVerified: boolean;
  exportAlteredRejected: boolean;
  setupSeconds: number;
}

const USERS = ['Ada King', 'Bob Stone', 'Cy Young', 'Dee Park'];

/** A company's real history: stores in `dataDir`, its users, and `locations` × `streamEvents` location events projected. */
async function projectedHistory(options: { dataDir: string; locations: number; streamEvents: number; log: (m: string) => void }) {
  const { dataDir, log } = options;
  const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  // The server keeps the history in a file of its own on a thread, with that thread's page cache.
  const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db'), sqliteCacheMb: PROJECTION_THREAD_CACHE_MB });
  const bus = createInProcessBus();
  const companyId = randomUUID();
  const userIds = USERS.map(() => randomUUID());
  const meta = (userId: string): EventMetadata => ({
    companyId,
    actor: { userId, role: 'CompanyAdmin' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  for (const [i, name] of USERS.entries()) {
    const [firstName, lastName] = name.split(' ') as [string, string];
    await eventStore.append(userStream(userIds[i]!), [
      {
        id: randomUUID(),
        type: 'UserCreated',
        data: {
          userId: userIds[i],
          companyId,
          role: 'CompanyAdmin',
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}@bench.local`,
          phoneNumber: '',
          passwordHash: null,
          isDefaultCompanyContact: false,
          source: 'seed',
        },
        metadata: meta(userIds[0]!),
      },
    ]);
  }
  const total = options.locations * options.streamEvents;
  log(`history: appending ${total.toLocaleString('en-US')} location events`);
  const locationIds: string[] = [];
  for (let l = 0; l < options.locations; l++) {
    const locationId = randomUUID();
    locationIds.push(locationId);
    const profile: LocationProfile = { ...emptyProfile(), Title: `Bench Cafe ${l}`, StoreCode: `B-${l}`, Town: 'Denver', State: 'CO' };
    const events: EventToAppend[] = [
      {
        id: randomUUID(),
        type: 'LocationCreated',
        data: { locationId, companyId, connectionId: randomUUID(), accountName: 'accounts/1', accountDisplayName: 'Bench', profile, hours: [], attributes: {} },
        metadata: meta(userIds[0]!),
      },
    ];
    for (let n = 1; n < options.streamEvents; n++) {
      events.push({
        id: randomUUID(),
        type: 'LocationUpdated',
        data: { locationId, profile: { ...profile, Title: `Bench Cafe ${l} v${n}` }, changed: ['Title'] },
        metadata: meta(userIds[n % userIds.length]!),
      });
    }
    for (let i = 0; i < events.length; i += 1_000) await eventStore.append(locationStream(locationId), events.slice(i, i + 1_000));
  }

  log('history: projecting');
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections: [historyProjection], logger: createLogger({ level: 'silent' }) });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections: [historyProjection] });
  if (!(await readModels.waitForPosition(await eventStore.headPosition(), 3_600_000))) throw new Error('the history projection did not catch up');
  await projector.stop();
  const history = readModels.collection<HistoryDoc>(HISTORY_COLLECTION);
  const close = async () => {
    readModels.close();
    await readStore.close();
    await eventStore.close();
    await bus.close();
  };
  return { eventStore, history, companyId, userIds, locationIds, total, close };
}

/**
 * The company history at scale: `streamEvents` × `locations` real events (each
 * location created, then retitled by one of four users) through the history projection; one
 * location's stream folded to an instant (pointInTimeMs); the company's export streamed to a
 * file while the heap is watched, verified, and refused after one byte changed; then history
 * documents written through the store's batch API up to `historyEvents` and filtered pages
 * read as the route reads them (page + count + rows).
 */
export async function measureHistory(options: {
  dataDir: string;
  locations: number;
  streamEvents: number;
  historyEvents: number;
  samples: number;
  log: (m: string) => void;
}): Promise<HistoryBenchResult> {
  const { dataDir, log } = options;
  const started = performance.now();
  const { eventStore, history, companyId, userIds, locationIds, total, close } = await projectedHistory(options);

  // Point in time: the first location's stream (streamEvents events) folded to its middle.
  const target = locationIds[0]!;
  const stream = await eventStore.readStream(locationStream(target));
  const middle = stream[Math.floor(stream.length / 2)]!.position;
  const foldTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const view = await auditedKinds.location!.stateAt({ eventStore }, companyId, target, { position: middle });
    foldTimes.push(performance.now() - t0);
    if (!view.exists) throw new Error('point in time: the location did not exist');
  }
  const pointInTimeMs = percentile(foldTimes, 50);

  log(`history: exporting ${total.toLocaleString('en-US')} events`);
  const exported = await exportAndVerify({ eventStore, history, companyId, file: path.join(dataDir, 'history.ndjson'), log });

  // Up to `historyEvents` lines: documents as the projection writes them, through the batch API.
  const extra = options.historyEvents - (await history.countDocuments({ companyId }));
  log(`history: writing ${Math.max(0, extra).toLocaleString('en-US')} more history documents`);
  const types = ['LocationUpdated', 'LocationHoursUpdated', 'ReviewReplied', 'UserUpdated', 'TemplateChanged'];
  const entityTypes = ['location', 'location', 'review', 'user', 'template'];
  for (let i = 0; i < extra; i += 5_000) {
    const ops: WriteOp[] = [];
    for (let j = i; j < Math.min(extra, i + 5_000); j++) {
      const k = j % types.length;
      const actor = j % USERS.length;
      const doc: HistoryDoc = {
        _id: `bench-${j}`,
        companyId,
        position: 10_000_000 + j,
        occurredAt: new Date(1_700_000_000_000 + j * 1000).toISOString(),
        type: types[k]!,
        label: types[k]!,
        streamName: `${entityTypes[k]}-${j % 5_000}`,
        entityType: entityTypes[k]!,
        entityId: `e-${j % 5_000}`,
        entityName: `Entity ${j % 5_000}`,
        actorId: userIds[actor]!,
        actorName: USERS[actor]!,
        actorRole: 'CompanyAdmin',
        actorKind: 'user',
        asAdministrator: false,
        changes: [{ field: 'Title', before: `Entity ${j} before`, after: `Entity ${j} after` }],
        causedBy: null,
        outcome: null,
        reason: null,
        restoredFrom: null,
        searchText: `${types[k]} entity ${j % 5_000} ${USERS[actor]!.toLowerCase()} title`,
        eventDigest: '0'.repeat(64),
      };
      ops.push({ insertOne: { document: doc } });
    }
    await history.bulkWrite(ops);
  }
  const historyEvents = await history.countDocuments({ companyId });
  const setupSeconds = (performance.now() - started) / 1000;

  // Filtered pages as the route reads them (readHistoryPage: the page, the capped count and the
  // rows), pages 1-5 in turn, each after the previous one's last line as the table asks them.
  log(`history: ${options.samples} filtered pages over ${historyEvents.toLocaleString('en-US')} events`);
  const shapes: Record<string, Partial<HistoryFilter>> = {
    all: {},
    location: { entityType: 'location' },
    review: { entityType: 'review' },
    actor: { actorId: userIds[1] },
    eventType: { eventType: 'UserUpdated' },
    entity: { entityId: 'e-42' },
    dateRange: { from: new Date(1_700_000_000_000 + 100_000_000).toISOString(), to: new Date(1_700_000_000_000 + 200_000_000).toISOString() },
  };
  const lastOf = new Map<string, number | undefined>();
  const timed = async (name: string, shape: Partial<HistoryFilter>, page: number) => {
    const before = page > 1 ? lastOf.get(name) : undefined;
    const t0 = performance.now();
    const { rows } = await readHistoryPage(history, companyId, { ...shape, page, pageSize: 100, before });
    const ms = performance.now() - t0;
    lastOf.set(name, rows.at(-1)?.Position);
    return ms;
  };
  const times: number[] = [];
  const perShape: Record<string, number[]> = {};
  const names = Object.keys(shapes);
  for (let i = 0; i < options.samples; i++) {
    const name = names[i % names.length]!;
    const ms = await timed(name, shapes[name]!, 1 + (Math.floor(i / names.length) % 5));
    times.push(ms);
    (perShape[name] ??= []).push(ms);
  }
  log(`history: p95 per filter ${JSON.stringify(Object.fromEntries(Object.entries(perShape).map(([k, v]) => [k, Math.round(percentile(v, 95) * 10) / 10])))}`);
  // Free text over every line's search text (FTS trigram narrowing, then the page and count).
  const searches = ['bob stone', 'entity 4242', 'review', 'title'];
  const searchTimes: number[] = [];
  for (let i = 0; i < Math.max(20, options.samples / 4); i++) {
    const q = searches[i % searches.length]!;
    searchTimes.push(await timed(`q:${q}`, { q }, 1 + (Math.floor(i / searches.length) % 5)));
  }
  await close();
  return {
    historyEvents,
    historyPageP50Ms: percentile(times, 50),
    historyPageP95Ms: percentile(times, 95),
    historySearchP95Ms: percentile(searchTimes, 95),
    pointInTimeMs,
    exportEvents: exported.lines,
    exportPeakHeapGrowthMb: exported.peakHeapGrowthMb,
    exportVerified: exported.verified,
    exportAlteredRejected: exported.alteredRejected,
    setupSeconds,
  };
}

/**
 * Streams the company's whole history to `file` as NDJSON (backpressure from the file) while
 * sampling the heap after every chunk, then verifies the file against the event store and
 * checks that a copy with one byte changed is refused. `peakHeapGrowthMb` is the highest heap
 * in use during the export above the heap before it, garbage not yet collected included (the
 * memory the export really takes); with --expose-gc the log also shows the live heap after
 * forced collections.
 */
async function exportAndVerify(options: {
  eventStore: EventStore;
  history: Collection<HistoryDoc>;
  companyId: string;
  file: string;
  log: (m: string) => void;
}): Promise<{ lines: number; peakHeapGrowthMb: number; verified: boolean; alteredRejected: boolean }> {
  const { eventStore, history, companyId, file, log } = options;
  const gc = global.gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const liveSamples: number[] = [];
  const out = createWriteStream(file);
  let lines = 0;
  let chunks = 0;
  for await (const chunk of historyExportLines(history, historyFilter(companyId, {}), 'ndjson')) {
    lines += chunk.split('\n').length - 1;
    if (!out.write(chunk)) await once(out, 'drain');
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    // The live heap, about every 10,000 lines (after the peak's sample, so the collection does not hide garbage).
    if (gc && ++chunks % Math.max(1, Math.round(10_000 / HISTORY_EXPORT_BATCH)) === 0) {
      gc();
      liveSamples.push(process.memoryUsage().heapUsed);
    }
  }
  const mb = (b: number) => Math.round(((b - heapBefore) / 1024 / 1024) * 10) / 10;
  if (gc) {
    const tenth = Math.max(1, Math.floor(liveSamples.length / 10));
    log(
      `history: live heap after gc during the export, growth (MB): ${liveSamples
        .filter((_, i) => i % tenth === 0)
        .map(mb)
        .join(' ')}`,
    );
  }
  log(`history: ${lines.toLocaleString('en-US')} lines exported, peak heap growth ${mb(heapPeak)} MB`);
  out.end();
  await once(out, 'finish');
  const readLines = (f: string) => createInterface({ input: createReadStream(f, { encoding: 'utf8' }), crlfDelay: Infinity });
  log('history: verifying the export');
  const verified = await verifyExport(eventStore, readLines(file));
  const altered = `${file}.altered`;
  const bytes = readFileSync(file);
  const at = bytes.indexOf('Bench Cafe', Math.floor(bytes.length / 2));
  bytes[at] = 'b'.charCodeAt(0);
  writeFileSync(altered, bytes);
  const rejected = await verifyExport(eventStore, readLines(altered));
  return { lines, peakHeapGrowthMb: mb(heapPeak), verified: verified.ok && verified.events === lines, alteredRejected: !rejected.ok };
}

/**
 * `historyExport1MPeakHeapGrowthMb`: a company with `events` real history lines (1,000-event
 * location streams through the history projection), exported as the route streams it and
 * verified line by line against the event store.
 */
export async function measureHistoryExport(options: {
  dataDir: string;
  events: number;
  log: (m: string) => void;
}): Promise<{ events: number; peakHeapGrowthMb: number; verified: boolean; alteredRejected: boolean; setupSeconds: number }> {
  const started = performance.now();
  const streamEvents = Math.min(1_000, options.events);
  const locations = Math.max(1, Math.round(options.events / streamEvents));
  const { eventStore, history, companyId, total, close } = await projectedHistory({ dataDir: options.dataDir, locations, streamEvents, log: options.log });
  const setupSeconds = (performance.now() - started) / 1000;
  try {
    options.log(`history export: ${total.toLocaleString('en-US')} events`);
    const exported = await exportAndVerify({ eventStore, history, companyId, file: path.join(options.dataDir, 'history.ndjson'), log: options.log });
    return {
      events: exported.lines,
      peakHeapGrowthMb: exported.peakHeapGrowthMb,
      verified: exported.verified,
      alteredRejected: exported.alteredRejected,
      setupSeconds,
    };
  } finally {
    await close();
  }
}
