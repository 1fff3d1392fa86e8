import { randomUUID } from 'node:crypto';
import { emptyProfile, locationStream, type LocationProfile } from '@locus/contracts';
import type { EventStore } from '@locus/platform/ports';
import { locationsProjection } from '@locus/projectors/locations/index';
import { startTestStack } from '@locus/tests/stack/test-stack';
import { locationsQueryRoutes } from '../routes';

export interface DirectoryBenchResult {
  locations: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const WORDS = ['Pearl', 'Main', 'Oak', 'Elm', 'Cedar', 'Maple', 'Pine', 'Lake', 'Hill', 'Park'];

const profile = (i: number): LocationProfile => ({
  ...emptyProfile(),
  Title: `Bench ${WORDS[i % 10]} Store ${i}`,
  StoreCode: `BN-${String(i).padStart(5, '0')}`,
  PrimaryPhoneNumber: `(303) 555-${String(i % 10000).padStart(4, '0')}`,
  PrimaryCategory: { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
  StreetAddressLine1: `${i} ${WORDS[(i * 7) % 10]} St`,
  State: 'CO',
  Town: 'Denver',
  PostCode: '80202',
  Latitude: 39.74,
  Longitude: -104.99,
  // listing health varies across the set, so its filters select a share of it
  ProfileDescription: i % 2 === 0 ? `Bench store ${i}, open every weekday.` : '',
  Website: i % 3 === 0 ? '' : `https://bench.example/${i}`,
  AdditionalCategories: i % 5 < 2 ? [{ Name: 'categories/gcid:orthodontist', DisplayName: 'Orthodontist' }] : [],
});

const WEEKDAY_HOURS = (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const).map((day) => ({
  openDay: day,
  openTime: { hours: 9, minutes: 0 },
  closeDay: day,
  closeTime: { hours: 17, minutes: 0 },
}));

/** Every 20th location is one Google asks something of (the verification filters' share). */
const BENCH_VOICE_OF_MERCHANT = [
  { action: 'verify', hasVoiceOfMerchant: false },
  { action: 'resolveOwnershipConflict', hasVoiceOfMerchant: false },
  { action: 'complyWithGuidelines', hasVoiceOfMerchant: false },
  { action: 'waitForVoiceOfMerchant', hasVoiceOfMerchant: false },
] as const;

/**
 * Appends `n` imported locations of one company (the events the real projection turns into
 * documents); answers their ids. `primaryEmail` gives location i an email (none by default).
 */
export async function appendBenchLocations(
  eventStore: EventStore,
  companyId: string,
  n: number,
  from = 0,
  options: { primaryEmail?: (i: number) => string | null } = {},
): Promise<string[]> {
  const ids: string[] = [];
  const meta = {
    companyId,
    actor: { userId: 'system', role: 'System' as const },
    correlationId: 'bench',
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  for (let i = from; i < from + n; i++) {
    const locationId = randomUUID();
    ids.push(locationId);
    await eventStore.append(
      locationStream(locationId),
      [
        {
          id: randomUUID(),
          type: 'LocationImported',
          data: {
            locationId,
            companyId,
            connectionId: 'bench',
            accountName: 'accounts/bench',
            accountDisplayName: 'Bench',
            processId: 'bench',
            profile: { ...profile(i), PrimaryEmail: options.primaryEmail?.(i) ?? null },
            hours: i % 4 === 0 ? [] : WEEKDAY_HOURS,
            attributes: i % 7 === 0 ? {} : { has_wheelchair_accessible_entrance: true },
            urls: {},
            syncedAt: new Date(Date.now() - i * 60_000).toISOString(),
            google: {
              googleName: `locations/${i}`,
              placeId: null,
              mapsUri: null,
              openStatus: i % 17 === 0 ? 'CLOSED_TEMPORARILY' : 'OPEN',
              canReopen: false,
              canDelete: true,
              thumbnailUrl: null,
              totalRating: 4.2,
              totalRatingsCount: i % 300,
              media: { logo: i % 3 !== 1, cover: i % 6 !== 1, photos: i % 4 },
            },
          },
          metadata: meta,
        },
        ...(i % 20 === 5
          ? [
              {
                id: randomUUID(),
                type: 'LocationVerificationStateChanged',
                data: {
                  locationId,
                  companyId,
                  voiceOfMerchant: {
                    ...BENCH_VOICE_OF_MERCHANT[Math.floor(i / 20) % BENCH_VOICE_OF_MERCHANT.length]!,
                    hasBusinessAuthority: false,
                    hasPendingVerification: false,
                    recommendationReason: '',
                  },
                  trigger: 'import',
                  checkedAt: meta.occurredAt,
                },
                metadata: meta,
              },
            ]
          : []),
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  return ids;
}

/** The query shapes the bench cycles through (search + sort + page). */
export const DIRECTORY_BENCH_SHAPES = [
  { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1 },
  { first: 5000, rows: 25, sortField: 'Title', sortOrder: -1 },
  { first: 0, rows: 25, sortField: 'TotalRatingsCount', sortOrder: -1, globalFilter: 'pearl' },
  { first: 0, rows: 25, sortField: 'LastSyncDate', sortOrder: 1, globalFilter: 'BN-0042' },
  { first: 100, rows: 25, sortField: 'OpenStatus', sortOrder: 1, globalFilter: '555-12' },
  { first: 0, rows: 25, globalFilter: 'store 9' },
];

/** The listing-health filters at scale: completeness below a threshold, and a verification state (each with a sort and a page). */
export const DIRECTORY_HEALTH_BENCH_SHAPES = {
  completeness: [
    { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, CompletenessBelow: 60 },
    { first: 2500, rows: 25, sortField: 'Title', sortOrder: -1, CompletenessBelow: 80 },
    { first: 0, rows: 25, sortField: 'Completeness', sortOrder: 1, CompletenessBelow: 100 },
    { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, CompletenessBelow: 40, globalFilter: 'pearl' },
  ],
  verification: [
    { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, Verification: 'NeedsAction' },
    { first: 500, rows: 25, sortField: 'Title', sortOrder: 1, Verification: 'NeedsVerification' },
    { first: 0, rows: 25, sortField: 'LastSyncDate', sortOrder: -1, Verification: 'OwnershipConflict' },
    { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1, Verification: 'Unknown', CompletenessBelow: 60 },
  ],
};

/**
 * The directory query (search + sort + page) through query-api over HTTP on the embedded
 * stack, for a company with `locations` imported locations (through the real projection).
 * For `npm run bench` (directoryQueryP95Ms); never part of the test run.
 */
export async function measureDirectoryQuery(options: { locations?: number; samples?: number; warmup?: number } = {}): Promise<DirectoryBenchResult> {
  const n = options.locations ?? 10_000;
  const samples = options.samples ?? 300;
  const warmup = options.warmup ?? 30;
  const stack = await startTestStack({
    commandFeatures: [],
    queryFeatures: [locationsQueryRoutes],
    projections: [locationsProjection],
    sessionValidation: false,
    readStoreOnDisk: true,
  });
  const { eventStore, readModels } = stack;
  const companyId = randomUUID();
  await appendBenchLocations(eventStore, companyId, n);
  try {
    if (!(await readModels.waitForPosition(await eventStore.headPosition(), 300_000))) throw new Error('projection did not catch up');
    const token = await stack.tokenFor('CompanyAdmin', companyId, { companyName: 'Bench', fullName: 'Bench', email: 'bench@example.com' });
    const shapes = DIRECTORY_BENCH_SHAPES;
    const times: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const started = performance.now();
      const res = await fetch(`${stack.baseUrl}/api/gmb/${companyId}/locations-summary`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(shapes[i % shapes.length]),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`directory query answered ${res.status}`);
      if (i >= warmup) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
    return { locations: n, samples, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
  } finally {
    await stack.close();
  }
}
