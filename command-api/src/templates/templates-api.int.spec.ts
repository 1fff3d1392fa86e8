import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelTemplateScheduleRoute,
  deleteTemplateRoute,
  fetchTemplatesRoute,
  publishTemplateRoute,
  renderPostSummary,
  retryTemplateRoute,
  saveTemplateRoute,
  templateLogRoute,
  templatePreviewRoute,
  templateVariablesRoute,
  uploadTemplateImageRoute,
  type LocationDoc,
  type PostTemplate,
  type TemplateBody,
} from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { requestJson } from '@locus/tests/stack/route-client';
import { templatesQueryRoutes } from '@locus/query-api/templates/index';
import { templatesProjection } from '@locus/projectors/templates/index';
import { seedDemoLocations } from '../connections/demo';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';
import { createScheduler } from '../kit';
import { publishDueTemplates, templatesCommandRoutes, templatesReactors, templatesSchedules } from '.';
import { createPublishPace } from './publish-pace';

describe('post templates over HTTP', () => {
  let stack: LocationsTestStack;
  let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
  let other: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
  let locations: LocationDoc[];

  const templates = async (): Promise<PostTemplate[]> => {
    await stack.waitForProjections();
    return (await stack.test.send(fetchTemplatesRoute, { token: company.adminToken })).body.Data;
  };
  const templateById = async (id: string) => (await templates()).find((t) => t.Id === id)!;
  /** The template once `done` holds; bounded only so a hung reactor fails the test. */
  const templateWhen = (id: string, done: (template: PostTemplate) => boolean, what: string, timeoutMs = 60_000) =>
    eventually(
      async () => {
        const template = await templateById(id);
        return done(template) && template;
      },
      { what, timeoutMs, intervalMs: 200 },
    );
  const save = (body: TemplateBody, token = company.adminToken) => stack.test.send(saveTemplateRoute, { body, token });
  const publish = (id: string, locationIds: string[]) =>
    stack.test.send(publishTemplateRoute, { body: { TemplateId: id, LocationIds: locationIds }, token: company.adminToken });
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
    const res = await stack.test.send(templateVariablesRoute, { token: company.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.Data.map((v) => v.label)).toContain('BusinessName');
    expect(res.body.Data).toHaveLength(14);
  });

  it('stores and shows template HTML without <script> or onerror=', async () => {
    const saved = await save(
      eventTemplate({ TemplateContent: '<p>Hi @City<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.ResponseMessage).toBe('Your post template save successfully');
    const doc = await templateById(saved.body.Data.Id);
    expect(doc.TemplateContent).toBe('<p>Hi @City<a>x</a></p>');
    expect(doc.Status).toBe('draft');
  });

  it('refuses a call to action without a URL, naming the field', async () => {
    const res = await save(eventTemplate({ CallToAction: { ActionType: 'BOOK', Url: '' } }));
    expect(res.status).toBe(400);
    expect(res.error?.ApiError.Fields).toContainEqual({ Field: 'CallToAction.Url', Message: 'Please update the url' });
    const foreign = await save(eventTemplate({ TemplateLocationIds: ['not-ours'] }));
    expect(foreign.status).toBe(404);
  });

  it('previews, publishes one post per location with each rendering, logs them, and keeps a published template', async () => {
    const chosen = locations.slice(0, 12);
    const saved = await save(eventTemplate({ TemplateLocationIds: chosen.map((l) => l._id) }));
    const id = saved.body.Data.Id;

    expect((await templateById(id)).TemplateLocationIds).toEqual(chosen.map((l) => l._id));
    const previewOf = (locationId: string) => stack.test.send(templatePreviewRoute, { params: { id, locationId }, token: company.adminToken });
    const preview = await previewOf(chosen[0]!._id);
    expect(preview.body.Data?.Summary).toBe(renderPostSummary(eventTemplate().TemplateContent, chosen[0]!.profile));
    expect(preview.body.Data?.Summary).toContain(chosen[0]!.profile.Title);
    expect((await previewOf('missing')).body.Data).toBeNull();

    const published = await publish(
      id,
      chosen.map((l) => l._id),
    );
    expect(published.status).toBe(200);
    expect(published.body.ResponseMessage).toBe(`The selected template is being published to ${chosen.length} locations.`);

    const done = await templateWhen(id, (t) => t.Progress.Done + t.Progress.Failed === chosen.length, 'every location published');
    expect(done.Progress).toEqual({ Done: chosen.length, InReview: 0, Rejected: 0, Failed: 0, Total: chosen.length });
    expect(done.Status).toBe('published');
    expect(done.TotalPublishedLocations).toBe(chosen.length);
    expect(done.TemplateLocationIds).toEqual(chosen.map((l) => l._id));

    for (const location of chosen) {
      const summary = renderPostSummary(eventTemplate().TemplateContent, location.profile);
      expect(postsAt(location).filter((p) => p.resource.summary === summary)).toHaveLength(1);
    }
    const log = await stack.test.send(templateLogRoute, { params: { id }, token: company.adminToken });
    expect(log.body.Data).toHaveLength(chosen.length);
    expect(log.body.Data[0]!.LocalPostUrl).toMatch(/^http/);
    expect(log.body.Data.map((e) => e.LocationName).sort()).toEqual(chosen.map((l) => l.profile.Title).sort());

    expect((await stack.test.send(deleteTemplateRoute, { params: { id }, token: company.adminToken })).status).toBe(422);
    expect((await publish(id, [chosen[0]!._id])).status).toBe(422);
    expect((await stack.test.send(templateLogRoute, { params: { id }, token: other.adminToken })).status).toBe(404);
  }, 120_000);

  it("lists a failed location with Google's reason and publishes it again on retry", async () => {
    const location = locations[20] ?? locations[locations.length - 1]!;
    await requestJson(`${stack.sandbox.url}/google/__sandbox/fail-next`, {
      method: 'POST',
      body: { status: 400, count: 1, pathIncludes: '/localPosts', method: 'POST' },
    });
    const saved = await save(eventTemplate({ TemplateLocationIds: [location._id] }));
    const id = saved.body.Data.Id;
    await publish(id, [location._id]);
    const failed = await templateWhen(id, (t) => t.Progress.Failed === 1, 'the location to fail', 90_000);
    expect(failed.Failures[0]).toMatchObject({ LocationId: location._id, LocationName: location.profile.Title });
    expect(failed.Failures[0]!.Message.length).toBeGreaterThan(0);

    const retried = await stack.test.send(retryTemplateRoute, { params: { id }, token: company.adminToken });
    expect(retried.status).toBe(200);
    const done = await templateWhen(id, (t) => t.Progress.Done === 1, 'the retried location published');
    expect(done.Progress).toEqual({ Done: 1, InReview: 0, Rejected: 0, Failed: 0, Total: 1 });
  }, 150_000);

  it('counts posts Google rejected apart from live ones: no "View on Google", not among Published Locations, not retried', async () => {
    const chosen = locations.slice(0, 3);
    for (const l of chosen) expect(l.profile.PrimaryPhoneNumber).toMatch(/\d{3}.*\d{4}/);
    const saved = await save(eventTemplate({ TemplateContent: '<p>Call @Phone1 to book your visit.</p>', TemplateLocationIds: chosen.map((l) => l._id) }));
    const id = saved.body.Data.Id;
    expect(
      (
        await publish(
          id,
          chosen.map((l) => l._id),
        )
      ).status,
    ).toBe(200);
    const done = await templateWhen(id, (t) => t.Status === 'published', 'the template published');
    expect(done.Progress).toEqual({ Done: 0, InReview: 0, Rejected: 3, Failed: 0, Total: 3 });
    expect(done.TotalPublishedLocations).toBe(0);
    expect(done.Failures.map((f) => [f.Kind, f.Message])).toEqual(chosen.map(() => ['rejected', expect.stringMatching(/^Rejected by Google/)]));
    for (const l of chosen)
      expect(postsAt(l).filter((p) => p.resource.summary === renderPostSummary('<p>Call @Phone1 to book your visit.</p>', l.profile))).toMatchObject([
        { resource: { state: 'REJECTED' } },
      ]);
    const log = await stack.test.send(templateLogRoute, { params: { id }, token: company.adminToken });
    expect(log.body.Data).toHaveLength(3);
    for (const entry of log.body.Data)
      expect(entry).toMatchObject({ Status: 'rejected', LocalPostUrl: null, Error: expect.stringMatching(/^Rejected by Google/) });
    const retry = await stack.test.send(retryTemplateRoute, { params: { id }, token: company.adminToken });
    expect(retry.status).toBe(422);
    await stack.test.waitForReactors();
    for (const l of chosen) expect(postsAt(l).filter((p) => String(p.resource.summary).startsWith('Call '))).toHaveLength(1);
  });

  it('uploads images only, served publicly for Google to fetch', async () => {
    const upload = async (bytes: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      form.append('File', new Blob([bytes], { type }), 'file');
      return stack.test.send(uploadTemplateImageRoute, { body: form, token: company.adminToken });
    };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(0)]);
    const ok = await upload(png, 'image/png');
    expect(ok.status).toBe(200);
    expect(ok.body.Url).toMatch(/^\/media\/templates\/[0-9a-f-]+\.png$/);
    const text = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.error?.ApiError.Fields).toContainEqual({ Field: 'File', Message: 'Only images can be uploaded (PNG, JPEG, GIF or WebP).' });
  });

  it('publishes a scheduled template by itself when it comes due, also with a scheduler started after a restart', async () => {
    const location = locations[5]!;
    const saved = await save(eventTemplate({ TemplateLocationIds: [location._id], ScheduleDate: new Date(Date.now() + 1_500).toISOString() }));
    const id = saved.body.Data.Id;
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
      const done = await templateWhen(id, (t) => t.Progress.Done === 1, 'the scheduled template published');
      expect(done.Status).toBe('published');
      expect(done.PublishDate).not.toBeNull();
      // another replica's look finds nothing left to publish
      expect(await publishDueTemplates(stack.deps)).toBe(0);
    } finally {
      await after.stop();
    }
  }, 90_000);

  it('deletes a draft and cancels a schedule', async () => {
    const saved = await save(eventTemplate({ TemplateLocationIds: [locations[0]!._id], ScheduleDate: new Date(Date.now() + 3_600_000).toISOString() }));
    const id = saved.body.Data.Id;
    expect((await templateById(id)).Status).toBe('scheduled');
    expect((await stack.test.send(cancelTemplateScheduleRoute, { params: { id }, token: company.adminToken })).status).toBe(200);
    expect((await templateById(id)).Status).toBe('draft');
    expect((await stack.test.send(deleteTemplateRoute, { params: { id }, token: other.adminToken })).status).toBe(404);
    const deleted = await stack.test.send(deleteTemplateRoute, { params: { id }, token: company.adminToken });
    expect(deleted.body.ResponseMessage).toBe('Your post template delete successfully');
    expect(await templateById(id)).toBeUndefined();
  });
});
