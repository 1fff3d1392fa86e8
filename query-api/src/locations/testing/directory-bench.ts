import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTRY_CODE, locationStream, type LocationProfile } from '@locus/contracts';
import {
  createEmbeddedReadStore,
  createHttpApp,
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createReadModels,
  createSqliteEventStore,
  createTokenService,
  loadConfig,
} from '@locus/platform';
import { listen } from '@locus/platform/http/testing';
import { locationsProjection } from '@locus/projectors/locations/index';
import { mountQueryApi } from '../../app';
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
  Title: `Bench ${WORDS[i % 10]} Store ${i}`,
  StoreCode: `BN-${String(i).padStart(5, '0')}`,
  PrimaryPhoneNumber: `(303) 555-${String(i % 10000).padStart(4, '0')}`,
  AdditionalPhoneNumbers: [],
  TollFreeNumber: '',
  PrimaryEmail: null,
  OwnerFirstName: '',
  OwnerLastName: '',
  LocaleTagline: '',
  PrimaryCategory: { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
  AdditionalCategories: [],
  SelectedLocaleZeCategories: [],
  LocaleZeKeyWords: [],
  StreetAddressLine1: `${i} ${WORDS[(i * 7) % 10]} St`,
  StreetAddressLine2: '',
  Region: COUNTRY_CODE,
  State: 'CO',
  Town: 'Denver',
  PostCode: '80202',
  Latitude: 39.74,
  Longitude: -104.99,
  Website: '',
  ProfileDescription: '',
  OpeningDate: null,
  Twitter: '',
  LinkedIn: '',
  Facebook: '',
  Yelp: '',
  Instagram: '',
  GooglePlus: '',
  LocationProfileMedia: null,
  LocationCoverMedia: null,
});

/**
 * The directory query (search + sort + page) through query-api over HTTP on the embedded
 * stack, for a company with `locations` imported locations (through the real projection).
 * For `npm run bench` (directoryQueryP95Ms); never part of the test run.
 */
export async function measureDirectoryQuery(options: { locations?: number; samples?: number; warmup?: number } = {}): Promise<DirectoryBenchResult> {
  const n = options.locations ?? 10_000;
  const samples = options.samples ?? 300;
  const warmup = options.warmup ?? 30;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-dirbench-'));
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18996' });
  const logger = createLogger({ level: 'silent' });
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const companyId = randomUUID();
  const meta = { companyId, actor: { userId: 'system', role: 'System' as const }, correlationId: 'bench', causationId: null, occurredAt: new Date().toISOString() };
  for (let i = 0; i < n; i++) {
    const locationId = randomUUID();
    await eventStore.append(locationStream(locationId), [
      {
        id: randomUUID(),
        type: 'LocationImported',
        data: {
          locationId, companyId, connectionId: 'bench', accountName: 'accounts/bench', accountDisplayName: 'Bench', processId: 'bench',
          profile: profile(i), hours: [], attributes: {}, urls: {}, syncedAt: new Date(Date.now() - i * 60_000).toISOString(),
          google: { googleName: `locations/${i}`, placeId: null, mapsUri: null, openStatus: i % 17 === 0 ? 'CLOSED_TEMPORARILY' : 'OPEN', canReopen: false, canDelete: true, thumbnailUrl: null, totalRating: 4.2, totalRatingsCount: i % 300 },
        },
        metadata: meta,
      },
    ], { expectedRevision: 'no_stream' });
  }
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections: [locationsProjection], logger });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections: [locationsProjection] });
  const clock = { now: () => new Date() };
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600, clock, ids: { uuid: randomUUID } });
  const { app } = createHttpApp({ logger, readiness: { eventStore, readStore, bus }, mount: (r) => mountQueryApi(r, { readModels, bus, clock, tokens, logger, config, features: [locationsQueryRoutes] }) });
  const server = await listen(app);
  try {
    if (!(await readModels.waitForPosition(await eventStore.headPosition(), 300_000))) throw new Error('projection did not catch up');
    const { token } = await tokens.issue({ userId: randomUUID(), role: 'CompanyAdmin', companyId, companyName: 'Bench', fullName: 'Bench', email: 'bench@example.com', viewingAsAdmin: false });
    const shapes = [
      { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1 },
      { first: 5000, rows: 25, sortField: 'Title', sortOrder: -1 },
      { first: 0, rows: 25, sortField: 'TotalRatingsCount', sortOrder: -1, globalFilter: 'pearl' },
      { first: 0, rows: 25, sortField: 'LastSyncDate', sortOrder: 1, globalFilter: 'BN-0042' },
      { first: 100, rows: 25, sortField: 'OpenStatus', sortOrder: 1, globalFilter: '555-12' },
      { first: 0, rows: 25, globalFilter: 'store 9' },
    ];
    const times: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/gmb/${companyId}/locations-summary`, {
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
    await server.close();
    await projector.stop();
    readModels.close();
    await bus.close();
    await readStore.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
