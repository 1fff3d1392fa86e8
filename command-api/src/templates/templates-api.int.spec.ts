import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPostSummary, type LocationDoc, type PostTemplate, type TemplateBody } from '@locus/contracts';
import { templatesQueryRoutes } from '@locus/query-api/templates/index';
import { templatesProjection } from '@locus/projectors/templates/index';
import { seedDemoLocations } from '../connections/demo';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';
import { createScheduler } from '../kit';
import { publishDueTemplates, templatesCommandRoutes, templatesReactors, templatesSchedules } from '.';
import { createPublishPace } from './publish-pace';

const BASE = '/api/locationPostTemplates';

describe('post templates over HTTP', () => {
  let stack: LocationsTestStack;
  let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
  let other: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
  let locations: LocationDoc[];

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const templates = async (): Promise<PostTemplate[]> => {
    await stack.waitForProjections();
    return (await call('GET', `${BASE}/fetch`, company.adminToken)).body.Data;
  };
  const templateById = async (id: string) => (await templates()).find((t) => t.Id === id)!;
  /** Bounded only so a hung reactor fails the test. */
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > end) return value;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const postsAt = (location: LocationDoc) => {
    const store = stack.sandbox.google!.store;
    const id = location.googleName!.replace(/^.*locations\//, '');
    return store.state.posts[id] ?? [];
  };

  const eventTemplate = (overrides: Partial<TemplateBody> = {}): TemplateBody => ({
    TopicType: 'EVENT',
    TemplateContent: '<p>Visit <span data-type="mention" data-id="BusinessName">@BusinessName</span> in @City!</p>',
    Event: { EventTitle: 'Open day', Schedule: { StartDate: '2030-01-01', EndDate: '2030-01-02', EnableTime: false } },
    CallToAction: { ActionType: 'LEARN_MORE', Url: 'https://example.com/open-day' },
    TemplateLocationIds: [],
    ...overrides,
  });

  beforeAll(async () => {
    stack = await startLocationsTestStack({
      extras: {
        commandFeatures: [templatesCommandRoutes],
        queryFeatures: [templatesQueryRoutes],
        projections: [templatesProjection],
        reactors: [(d) => templatesReactors(d, { pace: createPublishPace({ perWindow: 6000 }) })],
      },
    });
    company = await stack.seedCompany('Template Co');
    other = await stack.seedCompany('Other Co');
    const seeded = await seedDemoLocations(stack.deps, { companyId: company.companyId, adminUserId: company.adminId, index: 1, waitMs: 90_000 });
    expect(seeded?.completed).toBe(true);
    await stack.waitForProjections();
    locations = await stack.deps.readModels.collection<LocationDoc>('locations').find({ companyId: company.companyId }, { sort: { _id: 1 } });
    expect(locations.length).toBeGreaterThanOrEqual(12);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('lists the template variables', async () => {
    const res = await call('GET', `${BASE}/template-variables`, company.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.Data.map((v: { label: string }) => v.label)).toContain('BusinessName');
    expect(res.body.Data).toHaveLength(14);
  });

  it('stores and shows template HTML without <script> or onerror=', async () => {
    const saved = await call(
      'POST',
      `${BASE}/save`,
      company.adminToken,
      eventTemplate({ TemplateContent: '<p>Hi @City<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.ResponseMessage).toBe('Your post template save successfully');
    const doc = await templateById(saved.body.Data.Id);
    expect(doc.TemplateContent).toBe('<p>Hi @City<a>x</a></p>');
    expect(doc.Status).toBe('draft');
  });

  it('refuses a call to action without a URL, naming the field', async () => {
    const res = await call('POST', `${BASE}/save`, company.adminToken, eventTemplate({ CallToAction: { ActionType: 'BOOK', Url: '' } }));
    expect(res.status).toBe(400);
    expect(res.body.ApiError.Fields).toContainEqual({ Field: 'CallToAction.Url', Message: 'Please update the url' });
    const foreign = await call('POST', `${BASE}/save`, company.adminToken, eventTemplate({ TemplateLocationIds: ['not-ours'] }));
    expect(foreign.status).toBe(404);
  });

  it('previews, publishes one post per location with each rendering, logs them, and keeps a published template', async () => {
    const chosen = locations.slice(0, 12);
    const saved = await call('POST', `${BASE}/save`, company.adminToken, eventTemplate({ TemplateLocationIds: chosen.map((l) => l._id) }));
    const id: string = saved.body.Data.Id;

    await stack.waitForProjections();
    const preview = await call('GET', `${BASE}/preview/${id}/${chosen[0]!._id}`, company.adminToken);
    expect(preview.body.Data.Summary).toBe(renderPostSummary(eventTemplate().TemplateContent, chosen[0]!.profile));
    expect(preview.body.Data.Summary).toContain(chosen[0]!.profile.Title);
    expect((await call('GET', `${BASE}/preview/${id}/missing`, company.adminToken)).body.Data).toBeNull();

    const published = await call('POST', `${BASE}/publish`, company.adminToken, { TemplateId: id, LocationIds: chosen.map((l) => l._id) });
    expect(published.status).toBe(200);
    expect(published.body.ResponseMessage).toBe(`The selected template is being published to ${chosen.length} locations.`);

    const done = await until(
      () => templateById(id),
      (t) => t.Progress.Done + t.Progress.Failed === chosen.length,
    );
    expect(done.Progress).toEqual({ Done: chosen.length, InReview: 0, Rejected: 0, Failed: 0, Total: chosen.length });
    expect(done.Status).toBe('published');
    expect(done.TotalPublishedLocations).toBe(chosen.length);

    for (const location of chosen) {
      const summary = renderPostSummary(eventTemplate().TemplateContent, location.profile);
      expect(postsAt(location).filter((p) => p.resource.summary === summary)).toHaveLength(1);
    }
    const log = await call('GET', `${BASE}/template-log/${id}`, company.adminToken);
    expect(log.body.Data).toHaveLength(chosen.length);
    expect(log.body.Data[0].LocalPostUrl).toMatch(/^http/);
    expect(log.body.Data.map((e: { LocationName: string }) => e.LocationName).sort()).toEqual(chosen.map((l) => l.profile.Title).sort());

    expect((await call('DELETE', `${BASE}/delete/${id}`, company.adminToken)).status).toBe(422);
    expect((await call('POST', `${BASE}/publish`, company.adminToken, { TemplateId: id, LocationIds: [chosen[0]!._id] })).status).toBe(422);
    expect((await call('GET', `${BASE}/template-log/${id}`, other.adminToken)).status).toBe(404);
  }, 120_000);

  it("lists a failed location with Google's reason and publishes it again on retry", async () => {
    const location = locations[20] ?? locations[locations.length - 1]!;
    await fetch(`${stack.sandbox.url}/google/__sandbox/fail-next`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 400, count: 1, pathIncludes: '/localPosts', method: 'POST' }),
    });
    const saved = await call('POST', `${BASE}/save`, company.adminToken, eventTemplate({ TemplateLocationIds: [location._id] }));
    const id: string = saved.body.Data.Id;
    await call('POST', `${BASE}/publish`, company.adminToken, { TemplateId: id, LocationIds: [location._id] });
    const failed = await until(
      () => templateById(id),
      (t) => t.Progress.Failed === 1,
      90_000,
    );
    expect(failed.Failures[0]).toMatchObject({ LocationId: location._id, LocationName: location.profile.Title });
    expect(failed.Failures[0]!.Message.length).toBeGreaterThan(0);

    const retried = await call('POST', `${BASE}/retry/${id}`, company.adminToken);
    expect(retried.status).toBe(200);
    const done = await until(
      () => templateById(id),
      (t) => t.Progress.Done === 1,
    );
    expect(done.Progress).toEqual({ Done: 1, InReview: 0, Rejected: 0, Failed: 0, Total: 1 });
  }, 150_000);

  it('counts posts Google rejected apart from live ones: no "View on Google", not among Published Locations, not retried', async () => {
    const chosen = locations.slice(0, 3);
    for (const l of chosen) expect(l.profile.PrimaryPhoneNumber).toMatch(/\d{3}.*\d{4}/);
    const saved = await call(
      'POST',
      `${BASE}/save`,
      company.adminToken,
      eventTemplate({ TemplateContent: '<p>Call @Phone1 to book your visit.</p>', TemplateLocationIds: chosen.map((l) => l._id) }),
    );
    const id: string = saved.body.Data.Id;
    expect((await call('POST', `${BASE}/publish`, company.adminToken, { TemplateId: id, LocationIds: chosen.map((l) => l._id) })).status).toBe(200);
    const done = await until(
      () => templateById(id),
      (t) => t.Status === 'published',
    );
    expect(done.Progress).toEqual({ Done: 0, InReview: 0, Rejected: 3, Failed: 0, Total: 3 });
    expect(done.TotalPublishedLocations).toBe(0);
    expect(done.Failures.map((f) => [f.Kind, f.Message])).toEqual(chosen.map(() => ['rejected', expect.stringMatching(/^Rejected by Google/)]));
    for (const l of chosen)
      expect(postsAt(l).filter((p) => p.resource.summary === renderPostSummary('<p>Call @Phone1 to book your visit.</p>', l.profile))).toMatchObject([
        { resource: { state: 'REJECTED' } },
      ]);
    const log = await call('GET', `${BASE}/template-log/${id}`, company.adminToken);
    expect(log.body.Data).toHaveLength(3);
    for (const entry of log.body.Data)
      expect(entry).toMatchObject({ Status: 'rejected', LocalPostUrl: null, Error: expect.stringMatching(/^Rejected by Google/) });
    const retry = await call('POST', `${BASE}/retry/${id}`, company.adminToken);
    expect(retry.status).toBe(422);
    await stack.test.waitForReactors();
    for (const l of chosen) expect(postsAt(l).filter((p) => String(p.resource.summary).startsWith('Call '))).toHaveLength(1);
  });

  it('uploads images only, served publicly for Google to fetch', async () => {
    const upload = async (bytes: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      form.append('File', new Blob([bytes], { type }), 'file');
      const res = await fetch(`${stack.baseUrl}${BASE}/upload-image`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${company.adminToken}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { Url?: string; ApiError?: { Fields: unknown[] } } };
    };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(0)]);
    const ok = await upload(png, 'image/png');
    expect(ok.status).toBe(200);
    expect(ok.body.Url).toMatch(/^\/media\/templates\/[0-9a-f-]+\.png$/);
    const text = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.ApiError!.Fields).toContainEqual({ Field: 'File', Message: 'Only images can be uploaded (PNG, JPEG, GIF or WebP).' });
  });

  it('publishes a scheduled template by itself when it comes due, also with a scheduler started after a restart', async () => {
    const location = locations[5]!;
    const saved = await call(
      'POST',
      `${BASE}/save`,
      company.adminToken,
      eventTemplate({ TemplateLocationIds: [location._id], ScheduleDate: new Date(Date.now() + 1_500).toISOString() }),
    );
    const id: string = saved.body.Data.Id;
    expect(saved.body.ResponseMessage).toBe('The selected template will be published at the scheduled date.');
    expect((await templateById(id)).Status).toBe('scheduled');
    // the server that saved it stops before the date: nothing is kept in memory
    const startScheduler = () => {
      const scheduler = createScheduler({ readStore: stack.deps.readStore, logger: stack.deps.logger });
      scheduler.start(templatesSchedules(stack.deps, { everyMs: 100 }));
      return scheduler;
    };
    const before = startScheduler();
    await before.stop();
    await new Promise((r) => setTimeout(r, 1_600));
    const after = startScheduler();
    try {
      const done = await until(
        () => templateById(id),
        (t) => t.Progress.Done === 1,
      );
      expect(done.Status).toBe('published');
      expect(done.PublishDate).not.toBeNull();
      // another replica's look finds nothing left to publish
      expect(await publishDueTemplates(stack.deps)).toBe(0);
    } finally {
      await after.stop();
    }
  }, 90_000);

  it('deletes a draft and cancels a schedule', async () => {
    const saved = await call(
      'POST',
      `${BASE}/save`,
      company.adminToken,
      eventTemplate({ TemplateLocationIds: [locations[0]!._id], ScheduleDate: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    const id: string = saved.body.Data.Id;
    expect((await templateById(id)).Status).toBe('scheduled');
    expect((await call('POST', `${BASE}/cancel-schedule/${id}`, company.adminToken)).status).toBe(200);
    expect((await templateById(id)).Status).toBe('draft');
    expect((await call('DELETE', `${BASE}/delete/${id}`, other.adminToken)).status).toBe(404);
    const deleted = await call('DELETE', `${BASE}/delete/${id}`, company.adminToken);
    expect(deleted.body.ResponseMessage).toBe('Your post template delete successfully');
    expect(await templateById(id)).toBeUndefined();
  });
});
