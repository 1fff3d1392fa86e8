import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { opsReactorStream, staffStream, type OpsStatusReportDto } from '@locus/contracts';
import {
  createEmbeddedReadStore,
  physicalCollectionName,
  PermanentReactorError,
  rebuildProjection,
  type ProjectionDefinition,
  type ReadStore,
  type ReactorDefinition,
} from '@locus/platform';
import { locationsProjection } from '@locus/projectors/locations/index';
import { locationsQueryRoutes } from '@locus/query-api/locations/index';
import { appendBenchLocations, DIRECTORY_BENCH_SHAPES } from '@locus/query-api/locations/testing/directory-bench';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** Every document of a projection's generation, sorted by id, hashed: equal read models, equal digests. */
async function digestOf(readStore: ReadStore, def: ProjectionDefinition, generation: number): Promise<string> {
  const hash = createHash('sha256');
  for (const c of def.collections) {
    const docs = await readStore.collection(physicalCollectionName(c.name, generation)).find({}, { sort: { _id: 1 } });
    hash.update(`${c.name}:${docs.length}\n`);
    for (const doc of docs) hash.update(`${JSON.stringify(doc)}\n`);
  }
  return hash.digest('hex');
}

const statusOf = async (s: TestStack, token: string): Promise<OpsStatusReportDto> => {
  const res = await s.call('GET', '/api/ops/projections', { token, headers: { 'X-Min-Position': '0' } });
  expect(res.status).toBe(200);
  return res.body.Data as OpsStatusReportDto;
};

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('rebuild while serving (POST /api/ops/projections/:projection/rebuild)', () => {
  it('keeps answering directory queries from the live generation, reaches 100 %, switches, and equals a clean rebuild', async () => {
    stack = await startTestStack({
      commandFeatures: [],
      queryFeatures: [locationsQueryRoutes],
      projections: [locationsProjection],
      sessionValidation: false,
      readStoreOnDisk: true,
      rebuildBatchSize: 200,
    });
    const s = stack;
    const companyId = 'company-ops';
    await appendBenchLocations(s.eventStore, companyId, 2_000);
    await s.waitForProjections();
    const admin = await s.tokenFor('Administrator', null);
    const companyAdmin = await s.tokenFor('CompanyAdmin', companyId);
    const before = (await statusOf(s, admin)).projections.find((p) => p.name === 'locations')!;
    expect(before.state).toBe('live');

    // Steady directory queries (and a few writes) for as long as the rebuild runs.
    let running = true;
    let queries = 0;
    const failures: string[] = [];
    const load = (async () => {
      for (let i = 0; running; i++) {
        const res = await fetch(`${s.baseUrl}/api/gmb/${companyId}/locations-summary`, {
          method: 'POST',
          headers: { authorization: `Bearer ${companyAdmin}`, 'content-type': 'application/json' },
          body: JSON.stringify(DIRECTORY_BENCH_SHAPES[i % DIRECTORY_BENCH_SHAPES.length]),
        });
        const body = (await res.json()) as { totalResultsCount?: number };
        queries++;
        if (res.status !== 200) failures.push(`${res.status}`);
        // Answered from the live generation: never a half-built one.
        else if ((body.totalResultsCount ?? 0) < 2_000) failures.push(`${body.totalResultsCount} locations`);
      }
    })();
    const writes = (async () => {
      for (let i = 0; running && i < 20; i++) await appendBenchLocations(s.eventStore, companyId, 1, 10_000 + i);
    })();

    const stopLoad = async () => {
      running = false;
      await Promise.all([load, writes]);
    };
    onTestFinished(stopLoad);
    const started = await s.call('POST', '/api/ops/projections/locations/rebuild', { token: admin });
    expect(started.status).toBe(200);
    expect(started.body.ResponseMessage).toBe('Rebuild of locations started');
    const again = await s.call('POST', '/api/ops/projections/locations/rebuild', { token: admin });
    expect(again.status).toBe(409);

    const percents = new Set<number>();
    const done = await until(async () => {
      const row = (await statusOf(s, admin)).projections.find((p) => p.name === 'locations')!;
      if (row.rebuild) percents.add(row.rebuild.percent);
      return row.rebuild?.state === 'done' ? row : undefined;
    });
    await stopLoad();
    await s.waitForProjections();

    expect(failures).toEqual([]);
    expect(queries).toBeGreaterThan(0);
    expect(done.rebuild!.percent).toBe(100);
    expect(Math.min(...percents)).toBeLessThan(100); // progress was seen before the end
    const after = await until(async () => {
      const row = (await statusOf(s, admin)).projections.find((p) => p.name === 'locations')!;
      return row.generation !== before.generation && row.lag === 0 ? row : undefined;
    });
    expect(after.generation).toBe(done.rebuild!.generation);

    // A clean rebuild of the same events in a fresh store gives the same documents.
    const clean = createEmbeddedReadStore({ file: ':memory:' });
    try {
      const result = await rebuildProjection({ eventStore: s.eventStore, readStore: clean, def: locationsProjection });
      expect(await digestOf(s.readStore, locationsProjection, after.generation!)).toBe(await digestOf(clean, locationsProjection, result.generation));
    } finally {
      await clean.close();
    }
    // Who asked is recorded.
    const recorded = (await s.allEvents()).filter((e) => e.type === 'ProjectionRebuildStarted');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata.actor.role).toBe('Administrator');
  });

  it('names an unknown projection with a 404', async () => {
    stack = await startTestStack({ commandFeatures: [], queryFeatures: [], projections: [locationsProjection], sessionValidation: false });
    const admin = await stack.tokenFor('Administrator', null);
    const res = await stack.call('POST', '/api/ops/projections/nope/rebuild', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.ApiError.ErrorCode).toBe('OPS.PROJECTION_NOT_FOUND');
  });
});

describe('parked reactor events (POST /api/ops/reactors/:reactor/parked/:eventId/retry | skip)', () => {
  it('retries a parked event: it fails again while the cause lasts, then succeeds and leaves the list; both recorded with who', async () => {
    let failing = true;
    const handled: string[] = [];
    const flaky: ReactorDefinition = {
      name: 'flaky-notifier',
      handles: ['StaffMemberCreated'],
      async handle(event) {
        if (failing) throw new PermanentReactorError('The outside service answered 503');
        handled.push(event.id);
      },
    };
    stack = await startTestStack({ commandFeatures: [], queryFeatures: [], projections: [], reactors: [() => [flaky]], sessionValidation: false });
    const s = stack;
    const admin = await s.tokenFor('Administrator', null, { fullName: 'Ada Admin' });
    await s.eventStore.append(staffStream('s1'), [
      {
        id: '00000000-0000-4000-8000-000000000001',
        type: 'StaffMemberCreated',
        data: { companyId: 'c1', staffId: 's1', firstName: 'A', lastName: 'B', email: 'a@b.test', phoneNumber: '' },
        metadata: { companyId: 'c1', actor: { userId: 'u', role: 'CompanyUser' }, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      },
    ]);
    await s.waitForReactors();
    const parked = await until(async () => {
      const r = (await statusOf(s, admin)).reactors.find((x) => x.name === 'flaky-notifier')!;
      return r.parked === 1 ? r.parkedEvents[0] : undefined;
    });
    expect(parked).toMatchObject({ eventType: 'StaffMemberCreated', error: 'The outside service answered 503', attempts: 1 });
    expect(parked!.data).toMatchObject({ staffId: 's1' }); // the event itself
    const path = `/api/ops/reactors/flaky-notifier/parked/${parked!.eventId}`;

    const failed = await s.call('POST', `${path}/retry`, { token: admin });
    expect(failed.status).toBe(200);
    expect(failed.body.Data).toEqual({ Outcome: 'failed', Error: 'The outside service answered 503', Attempts: 2 });

    failing = false;
    const ok = await s.call('POST', `${path}/retry`, { token: admin });
    expect(ok.body.Data).toMatchObject({ Outcome: 'succeeded', Attempts: 3 });
    expect(ok.body.ResponseMessage).toBe('The event was handled');
    expect(handled).toEqual([parked!.eventId]);
    expect((await statusOf(s, admin)).reactors.find((x) => x.name === 'flaky-notifier')!.parked).toBe(0);
    expect((await s.call('POST', `${path}/retry`, { token: admin })).status).toBe(404);

    const recorded = await s.eventStore.readStream(opsReactorStream('flaky-notifier'));
    expect(recorded.map((e) => [e.type, (e.data as { succeeded: boolean }).succeeded])).toEqual([
      ['ParkedReactorEventRetried', false],
      ['ParkedReactorEventRetried', true],
    ]);
    expect(recorded.every((e) => e.metadata.actor.role === 'Administrator')).toBe(true);
  });

  it('skips a parked event without handling it', async () => {
    const bad: ReactorDefinition = {
      name: 'always-fails',
      handles: ['StaffMemberCreated'],
      async handle() {
        throw new PermanentReactorError('refused');
      },
    };
    stack = await startTestStack({ commandFeatures: [], queryFeatures: [], projections: [], reactors: [() => [bad]], sessionValidation: false });
    const s = stack;
    const admin = await s.tokenFor('Administrator', null);
    await s.eventStore.append(staffStream('s2'), [
      {
        id: '00000000-0000-4000-8000-000000000002',
        type: 'StaffMemberCreated',
        data: { companyId: 'c1', staffId: 's2', firstName: 'A', lastName: 'B', email: 'a@b.test', phoneNumber: '' },
        metadata: { companyId: 'c1', actor: { userId: 'u', role: 'CompanyUser' }, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      },
    ]);
    await s.waitForReactors();
    const path = '/api/ops/reactors/always-fails/parked/00000000-0000-4000-8000-000000000002';
    const companyAdmin = await s.tokenFor('CompanyAdmin', 'c1');
    expect((await s.call('POST', `${path}/skip`, { token: companyAdmin })).status).toBe(403);
    const skipped = await s.call('POST', `${path}/skip`, { token: admin });
    expect(skipped.status).toBe(200);
    expect(skipped.body.ResponseMessage).toBe('The event was skipped');
    expect((await statusOf(s, admin)).reactors[0]!.parked).toBe(0);
    const [event] = await s.eventStore.readStream(opsReactorStream('always-fails'));
    expect(event).toMatchObject({ type: 'ParkedReactorEventSkipped', data: { error: 'refused', eventType: 'StaffMemberCreated' } });
  });
});
