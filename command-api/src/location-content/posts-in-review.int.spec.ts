import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostRoute,
  fetchTemplatesRoute,
  listPostsRoute,
  locationContentStream,
  publishTemplateRoute,
  saveTemplateRoute,
  templateLogRoute,
  templatePostStream,
  type LocationDoc,
  type PostView,
  templateMessages,
} from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { googleApi } from '@locus/tests/stack/google-api';
import { locationContentProjection } from '@locus/projectors/location-content/index';
import { templatesProjection } from '@locus/projectors/templates/index';
import { locationContentQueryRoutes } from '@locus/query-api/location-content/index';
import { templatesQueryRoutes } from '@locus/query-api/templates/index';
import { seedDemoLocations } from '../connections/demo';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';
import { templatesCommandRoutes, templatesReactors, templatesSchedules } from '../templates';
import { createPublishPace } from '../templates/publish-pace';
import { locationContentCommandRoutes, locationContentReactors, locationContentSchedules } from '.';

/**
 * Posts Google holds for its review (the sandbox holds a post with a link in its text): Locus
 * shows them in review, asks Google again on its schedule, and shows Google's later decision,
 * live or rejected, for a location's own posts and a template's posts alike.
 */
describe('posts in Google review', () => {
  let stack: LocationsTestStack;
  let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
  let locations: LocationDoc[];

  const sandboxId = (location: LocationDoc) => location.googleName!.replace(/^.*locations\//, '');
  const googlePostsAt = (location: LocationDoc) => stack.sandbox.google!.store.state.posts[sandboxId(location)] ?? [];
  /** Google decides on a post it holds for review: the sandbox's admin hook. */
  const decide = async (location: LocationDoc, googlePostName: string, state: 'LIVE' | 'REJECTED') => {
    const postId = googlePostName.replace(/^.*localPosts\//, '');
    const res = await googleApi(stack.sandbox.url).post(`/google/__sandbox/locations/${sandboxId(location)}/localPosts/${postId}/review`, { state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const postsOf = async (location: LocationDoc): Promise<PostView[]> =>
    (await stack.test.send(listPostsRoute, { params: { id: location._id }, token: company.adminToken })).body.Data.Posts;
  const eventTypes = async (stream: string) => (await stack.eventStore.readStream(stream)).map((e) => e.type);

  beforeAll(async () => {
    stack = await startLocationsTestStack({
      extras: {
        commandFeatures: [(d) => locationContentCommandRoutes(d), templatesCommandRoutes],
        queryFeatures: [locationContentQueryRoutes, templatesQueryRoutes],
        projections: [locationContentProjection, templatesProjection],
        reactors: [(d) => locationContentReactors(d), (d) => templatesReactors(d, { pace: createPublishPace({ perWindow: 6000 }) })],
        schedules: [(d) => locationContentSchedules(d), (d) => templatesSchedules(d)],
        env: { LOCUS_POST_REVIEW_CHECK_MS: '300' },
      },
    });
    company = await stack.seedCompany('Review Co');
    const seeded = await seedDemoLocations(stack.deps, { companyId: company.companyId, adminUserId: company.adminId, index: 2, waitMs: 90_000 });
    expect(seeded?.completed).toBe(true);
    await stack.waitForProjections();
    locations = await stack.deps.readModels.collection<LocationDoc>('locations').find({ companyId: company.companyId }, { sort: { _id: 1 } });
    expect(locations.length).toBeGreaterThanOrEqual(4);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("shows a location's posts in review, then live or rejected as Google decides", async () => {
    const location = locations[0]!;
    const create = (summary: string) =>
      stack.test.send(createPostRoute, { params: { id: location._id }, body: { TopicType: 'STANDARD', Summary: summary }, token: company.adminToken });
    const toShow = await create('New hours from Monday: https://example.com/hours');
    const toReject = await create('Our spring menu is out, see www.example.com/menu');
    for (const res of [toShow, toReject]) expect(res.body.Data?.State).toBe('PROCESSING');

    await stack.waitForProjections();
    const held = await postsOf(location);
    const showId = toShow.body.Data!.PostId;
    const rejectId = toReject.body.Data!.PostId;
    const showPost = held.find((p) => p.PostId === showId)!;
    const rejectPost = held.find((p) => p.PostId === rejectId)!;
    expect([showPost.State, rejectPost.State]).toEqual(['PROCESSING', 'PROCESSING']);

    await decide(location, showPost.Name!, 'LIVE');
    await decide(location, rejectPost.Name!, 'REJECTED');
    const decided = await eventually(
      async () => {
        const posts = await postsOf(location);
        const states = [posts.find((p) => p.PostId === showId)?.State, posts.find((p) => p.PostId === rejectId)?.State];
        return states.includes('PROCESSING') ? null : posts;
      },
      { what: "Google's decisions shown", timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(decided.find((p) => p.PostId === showId)).toMatchObject({ State: 'LIVE', SearchUrl: expect.stringContaining('/google/maps/place/') });
    expect(decided.find((p) => p.PostId === rejectId)).toMatchObject({ State: 'REJECTED' });

    const onGoogle = googlePostsAt(location);
    expect(onGoogle.find((p) => showPost.Name!.endsWith(p.id))?.resource.state).toBe('LIVE');
    expect(onGoogle.find((p) => rejectPost.Name!.endsWith(p.id))?.resource.state).toBe('REJECTED');
    // each decision is recorded once, however many times the schedule ran since
    const types = await eventTypes(locationContentStream(location._id));
    expect(types.filter((t) => t === 'LocalPostApprovedByGoogle')).toHaveLength(1);
    expect(types.filter((t) => t === 'LocalPostRejectedByGoogle')).toHaveLength(1);
  });

  it('drops a post deleted on Google while in review: the schedule asks for the posts again instead of failing each run', async () => {
    const location = locations[0]!;
    const created = await stack.test.send(createPostRoute, {
      params: { id: location._id },
      body: { TopicType: 'STANDARD', Summary: 'Gone soon: https://example.com/gone' },
      token: company.adminToken,
    });
    expect(created.body.Data?.State).toBe('PROCESSING');
    const postId = created.body.Data!.PostId;
    await stack.waitForProjections();
    const name = (await postsOf(location)).find((p) => p.PostId === postId)!.Name!;
    // The owner deletes it in Google's own tools (what the sandbox's DELETE does to its store).
    const onGoogle = googlePostsAt(location);
    onGoogle.splice(
      onGoogle.findIndex((p) => name.endsWith(p.id)),
      1,
    );
    stack.sandbox.google!.store.changed();

    await eventually(
      async () => {
        await stack.waitForProjections();
        return (await postsOf(location)).some((p) => p.PostId === postId) ? null : true;
      },
      { what: 'the deleted post gone from the location', timeoutMs: 20_000, intervalMs: 200 },
    );
    const refreshes = async () =>
      (await stack.eventStore.readStream(locationContentStream(location._id))).filter(
        (e) => e.type === 'LocationContentRefreshRequested' && (e.data as { reason: string }).reason === 'post-gone',
      ).length;
    const asked = await refreshes();
    expect(asked).toBeGreaterThanOrEqual(1);
    // Nothing left in review there: later runs ask Google nothing more about it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await refreshes()).toBe(asked);
  });

  it("moves a template's posts from in review to published and rejected as Google decides", async () => {
    const chosen = locations.slice(1, 4);
    const saved = await stack.test.send(saveTemplateRoute, {
      body: {
        TopicType: 'STANDARD',
        TemplateContent: '<p>Book your visit at https://example.com/book in @City</p>',
        TemplateLocationIds: chosen.map((l) => l._id),
      },
      token: company.adminToken,
    });
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.Data!.Id;
    const published = await stack.test.send(publishTemplateRoute, {
      body: { TemplateId: id, LocationIds: chosen.map((l) => l._id) },
      token: company.adminToken,
    });
    expect(published.status).toBe(200);
    const progressWhen = (done: (p: { Done: number; InReview: number; Rejected: number }) => boolean, what: string) =>
      eventually(
        async () => {
          await stack.waitForProjections();
          const template = (await stack.test.send(fetchTemplatesRoute, { token: company.adminToken })).body.Data.find((t) => t.Id === id);
          return template && done(template.Progress) ? template.Progress : null;
        },
        { what, timeoutMs: 20_000, intervalMs: 200 },
      );
    expect(await progressWhen((p) => p.InReview === 3, 'every post in review')).toMatchObject({ Done: 0, InReview: 3, Rejected: 0 });

    const googlePostOf = (location: LocationDoc) => googlePostsAt(location).find((p) => String(p.resource.summary).includes('https://example.com/book'))!;
    const nameOf = (location: LocationDoc) => `localPosts/${googlePostOf(location).id}`;
    const [live, rejected, waiting] = chosen as [LocationDoc, LocationDoc, LocationDoc];
    for (const l of chosen) expect(googlePostOf(l).resource.state).toBe('PROCESSING');
    await decide(live, nameOf(live), 'LIVE');
    await decide(rejected, nameOf(rejected), 'REJECTED');

    expect(await progressWhen((p) => p.InReview === 1, "Google's decisions counted")).toEqual({ Done: 1, InReview: 1, Rejected: 1, Failed: 0, Total: 3 });
    const log = (await stack.test.send(templateLogRoute, { params: { id }, token: company.adminToken })).body.Data;
    const entry = (l: LocationDoc) => log.find((e) => e.LocationId === l._id);
    expect(entry(live)).toMatchObject({ Status: 'published', LocalPostUrl: expect.stringContaining('/google/maps/place/') });
    expect(entry(rejected)).toMatchObject({ Status: 'rejected', LocalPostUrl: null, Error: expect.stringMatching(/^Rejected by Google/) });
    expect(entry(waiting)).toMatchObject({ Status: 'in-review', LocalPostUrl: null });
    expect(googlePostOf(waiting).resource.state).toBe('PROCESSING');
    expect(await eventTypes(templatePostStream(id, live._id))).toContain('TemplatePostApprovedByGoogle');
    expect(await eventTypes(templatePostStream(id, rejected._id))).toContain('TemplatePostRejected');
  });

  it("counts a template's post deleted on Google while in review as failed, with why, so it can be published again", async () => {
    const location = locations[1]!;
    const saved = await stack.test.send(saveTemplateRoute, {
      body: { TopicType: 'STANDARD', TemplateContent: '<p>Gone at https://example.com/vanish</p>', TemplateLocationIds: [location._id] },
      token: company.adminToken,
    });
    const id = saved.body.Data!.Id;
    const published = await stack.test.send(publishTemplateRoute, { body: { TemplateId: id, LocationIds: [location._id] }, token: company.adminToken });
    expect(published.status).toBe(200);
    const onGoogle = () => googlePostsAt(location);
    const held = await eventually(async () => onGoogle().find((p) => String(p.resource.summary).includes('example.com/vanish')) ?? null, {
      what: 'the post held for review on Google',
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    await eventually(
      async () => {
        await stack.waitForProjections();
        const template = (await stack.test.send(fetchTemplatesRoute, { token: company.adminToken })).body.Data.find((t) => t.Id === id);
        return template?.Progress.InReview === 1 ? true : null;
      },
      { what: 'the post counted in review', timeoutMs: 20_000, intervalMs: 200 },
    );
    // The owner deletes it in Google's own tools.
    onGoogle().splice(onGoogle().indexOf(held), 1);
    stack.sandbox.google!.store.changed();

    const progress = await eventually(
      async () => {
        await stack.waitForProjections();
        const template = (await stack.test.send(fetchTemplatesRoute, { token: company.adminToken })).body.Data.find((t) => t.Id === id);
        return template?.Progress.Failed === 1 ? template.Progress : null;
      },
      { what: 'the vanished post counted as failed', timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(progress).toMatchObject({ Done: 0, InReview: 0, Failed: 1, Total: 1 });
    const log = (await stack.test.send(templateLogRoute, { params: { id }, token: company.adminToken })).body.Data;
    expect(log.find((e) => e.LocationId === location._id)).toMatchObject({ Status: 'failed', Error: templateMessages.postGoneFromGoogle });
  });
});
