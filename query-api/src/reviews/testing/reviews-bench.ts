import { randomUUID } from 'node:crypto';
import { reviewStream, SYSTEM_ACTOR, type EventMetadata, type ReviewEvent } from '@locus/contracts';
import type { EventStore } from '@locus/platform/ports';
import { ingestReviews } from '@locus/command-api/reviews/reactors';
import { reviewReceived } from '@locus/command-api/reviews/testing/review-events';
import type { GoogleReview, StarRating } from '@locus/command-api/google/types';
import { reviewsProjection } from '@locus/projectors/reviews/index';
import { locationsProjection } from '@locus/projectors/locations/index';
import { startTestStack } from '@locus/tests/stack/test-stack';
import { appendBenchLocations } from '../../locations/testing/directory-bench';
import { reviewsQueryRoutes } from '../routes';

const COMMENTS = [
  'Great service and friendly staff, highly recommend.',
  'Waited too long, the front desk was rude.',
  'Okay experience, nothing special.',
  'Fantastic team! They fixed everything in one visit.',
  'Terrible communication, never calling back.',
  null,
];
const NAMES = ['Avery Johnson', 'Priya Patel', 'Maria Garcia', 'Daniel Kim', 'Sam Lee', 'Jordan Smith', 'Taylor Brown', 'Chris Young'];
const STARS: StarRating[] = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
const DAY = 86_400_000;

const meta = (companyId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: 'bench',
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/** Appends `n` received reviews spread over `locationIds` (two years, a realistic rating mix, a third replied). */
export async function appendBenchReviews(eventStore: EventStore, companyId: string, locationIds: readonly string[], n: number): Promise<void> {
  const now = Date.now();
  const BATCH = 500;
  for (let from = 0; from < n; from += BATCH) {
    const writes: Promise<unknown>[] = [];
    for (let i = from; i < Math.min(n, from + BATCH); i++) {
      const stars = [5, 5, 5, 4, 4, 3, 2, 1][i % 8]!;
      const e = reviewReceived({
        companyId,
        locationId: locationIds[i % locationIds.length]!,
        stars,
        comment: COMMENTS[i % COMMENTS.length]!,
        reviewer: `${NAMES[i % NAMES.length]} ${i}`,
        createTime: new Date(now - ((i * 7919) % (730 * DAY))).toISOString(),
        reply: i % 3 === 0 ? 'Thank you for your feedback!' : null,
      });
      writes.push(eventStore.append(reviewStream(e.data.reviewId), [{ id: randomUUID(), ...e, metadata: meta(companyId) }], { expectedRevision: 'no_stream' }));
    }
    await Promise.all(writes);
  }
}

/** The Aggregate Reviews queries the bench cycles through: filtered, sorted pages of 10. */
export const REVIEWS_BENCH_SHAPES = [
  { first: 0, rows: 10 },
  { first: 0, rows: 10, Params: { MinRating: 5, OnlyUnrespondedReviews: true } },
  { first: 0, rows: 10, sortField: 'StarRating', sortOrder: -1, Params: { MinRating: 4 } },
  { first: 20, rows: 10, Params: { OnlyUnrespondedReviews: true } },
  { first: 0, rows: 10, globalFilter: 'rude', Params: { MinRating: 1 } },
  { first: 0, rows: 10, sortField: 'ReviewReplyComment', sortOrder: 1, Params: { OnlyUnrespondedReviews: true, MinRating: 3 } },
  { first: 1000, rows: 10, sortField: 'CreateTime', sortOrder: 1 },
];

export interface ReviewsBenchResult {
  reviews: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  ingestPerSecond: number;
  exportRows: number;
  exportSeconds: number;
  exportPeakHeapGrowthMb: number;
}

/**
 * The company's whole reviews export over HTTP, read as the client takes it while the heap is
 * sampled (the server runs in this process). With --expose-gc each sample follows a full
 * collection, so the growth is live memory, not garbage waiting for the collector.
 */
async function measureExport(baseUrl: string, token: string, companyId: string, log: (m: string) => void) {
  const gc = global.gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/gmb/${companyId}/reviews-export?sortField=StarRating&sortOrder=-1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`reviews export answered ${res.status}`);
  let newlines = 0;
  let chunks = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    for (const byte of part.value) if (byte === 10) newlines++;
    if (++chunks % 200 === 0) {
      gc?.();
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
  }
  if (!gc) log('reviews: run with NODE_OPTIONS=--expose-gc for the export heap after gc (this peak includes uncollected garbage)');
  return {
    newlines,
    seconds: (performance.now() - started) / 1000,
    peakHeapGrowthMb: Math.round(((heapPeak - heapBefore) / 1024 / 1024) * 10) / 10,
  };
}

/**
 * `npm run bench` parts `reviews`: the Aggregate Reviews page (filtered, sorted page of 10 and
 * its counts) over HTTP at `reviews` reviews in one company (through the real projection), and
 * the ingestion path (Google-shaped reviews → each review's stream read → events appended) on
 * the same SQLite event store. Never part of the test run.
 */
export async function measureReviews(
  options: { reviews?: number; locations?: number; samples?: number; ingest?: number; log?: (m: string) => void } = {},
): Promise<ReviewsBenchResult> {
  const n = options.reviews ?? 200_000;
  const locations = options.locations ?? 200;
  const samples = options.samples ?? 300;
  const log = options.log ?? (() => undefined);
  const stack = await startTestStack({
    commandFeatures: [],
    queryFeatures: [reviewsQueryRoutes],
    projections: [locationsProjection, reviewsProjection],
    sessionValidation: false,
    readStoreOnDisk: true,
  });
  const { eventStore, readModels } = stack;
  const companyId = randomUUID();
  try {
    await appendBenchLocations(eventStore, companyId, locations);
    const locationIds = (await readModels.waitForPosition(await eventStore.headPosition(), 300_000))
      ? (await readModels.collection('locations').find({ companyId })).map((d) => d._id)
      : [];
    if (!locationIds.length) throw new Error('locations did not project');
    log(`reviews: appending ${n.toLocaleString('en-US')} reviews`);
    await appendBenchReviews(eventStore, companyId, locationIds, n);
    if (!(await readModels.waitForPosition(await eventStore.headPosition(), 1_800_000))) throw new Error('reviews projection did not catch up');
    const token = await stack.tokenFor('CompanyAdmin', companyId, { companyName: 'Bench', fullName: 'Bench', email: 'bench@example.com' });
    const times: number[] = [];
    const warmup = 30;
    log(`reviews: ${samples} queries`);
    for (let i = 0; i < warmup + samples; i++) {
      const started = performance.now();
      const res = await fetch(`${stack.baseUrl}/api/gmb/${companyId}/reviews-lazy`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(REVIEWS_BENCH_SHAPES[i % REVIEWS_BENCH_SHAPES.length]),
      });
      const body = (await res.json()) as { totalResultsCount?: number };
      if (res.status !== 200 || body.totalResultsCount !== n) throw new Error(`reviews query answered ${res.status} (${body.totalResultsCount})`);
      if (i >= warmup) times.push(performance.now() - started);
    }
    log(`reviews: exporting ${n.toLocaleString('en-US')} reviews`);
    const exported = await measureExport(stack.baseUrl, token, companyId, log);
    // The bench's comments have no line breaks: one line a review plus the header.
    if (exported.newlines !== n + 1) throw new Error(`the export held ${exported.newlines - 1} of ${n} reviews`);
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;

    // Ingestion: new reviews of one location as Google lists them, into their streams.
    const ingestN = options.ingest ?? 20_000;
    const now = Date.now();
    const google: GoogleReview[] = Array.from({ length: ingestN }, (_, i) => {
      const t = new Date(now - i * 60_000).toISOString();
      return {
        name: `accounts/bench/locations/ingest/reviews/r${i}`,
        reviewId: `r${i}`,
        reviewer: { displayName: NAMES[i % NAMES.length]! },
        starRating: STARS[i % 5]!,
        comment: COMMENTS[i % COMMENTS.length] ?? undefined,
        createTime: t,
        updateTime: t,
      };
    });
    log(`reviews: ingesting ${ingestN.toLocaleString('en-US')} reviews`);
    const started = performance.now();
    const counts = await ingestReviews(
      { eventStore },
      google,
      { companyId, locationId: locationIds[0]!, at: new Date().toISOString() },
      async (stream, events: ReviewEvent[]) => {
        await eventStore.append(
          stream,
          events.map((e) => ({ id: randomUUID(), ...e, metadata: meta(companyId) })),
        );
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (counts.received !== ingestN) throw new Error(`ingested ${counts.received} of ${ingestN}`);
    return {
      reviews: n,
      samples,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      ingestPerSecond: Math.round(ingestN / seconds),
      exportRows: exported.newlines - 1,
      exportSeconds: Math.round(exported.seconds * 10) / 10,
      exportPeakHeapGrowthMb: exported.peakHeapGrowthMb,
    };
  } finally {
    await stack.close();
  }
}
