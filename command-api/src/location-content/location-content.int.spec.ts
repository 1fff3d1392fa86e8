import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@locus/tests/stack/eventually';
import { renderPhoto } from '@locus/sandbox/google/images';
import { accessTokenFor } from '@locus/sandbox/google/testing';
import { startTestStack } from '@locus/tests/stack/test-stack';
import { connectionsReactors } from '../connections';
import { seedDemoLocations } from '../connections/demo';
import { DEMO_COMPANIES, seedDemo } from '../demo/seed-demo';
import { locationsReactors } from '../locations';
import { locationContentReactors } from '.';

/**
 * The details page's sections over HTTP against the Google and Localeze sandboxes: first load
 * of media, posts and questions; Create Post (an Offer with LEARN_MORE reaches Google); the
 * spec's photo rules; delete; publishers.
 */
type Stack = Awaited<ReturnType<typeof startTestStack>>;
let stack: Stack;
let token = '';
let companyId = '';
let locationId = '';
let sandboxLocation = '';

const DEMO = DEMO_COMPANIES[0]!;

const api = (method: string, path: string, body?: unknown) => stack.call(method, path, { token, ...(body === undefined ? {} : { body }) });
const sandboxGet = async (path: string) => (await fetch(`${stack.sandbox!.url}${path}`)).json() as Promise<any>;
const photoForm = (bytes: Buffer, category?: string) => {
  const form = new FormData();
  form.append('File', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  if (category) form.append('Category', category);
  return form;
};

beforeAll(async () => {
  stack = await startTestStack({
    sandbox: true,
    sessionValidation: false,
    reactors: [(d) => connectionsReactors(d), (d) => locationsReactors(d), (d) => locationContentReactors(d)],
    // As in production: a company's URLs may not point inside the operator's network (the sandbox's own URLs are the operator's).
    env: { LOCUS_ALLOW_PRIVATE_URLS: 'false' },
  });
  const deps = stack.commandDeps;
  const demo = await seedDemo(deps, { adminEmail: 'admin@locus.test', adminPassword: 'Admin-Passw0rd!' });
  const company = demo.companies.find((c) => c.name === DEMO.name)!;
  companyId = company.companyId;
  const seeded = await seedDemoLocations(deps, {
    companyId,
    adminUserId: company.defaultAdminId,
    googleUserEmail: company.google.userEmail,
    accountNames: company.google.accounts,
  });
  expect(seeded?.completed).toBe(true);
  token = await stack.tokenFor('CompanyAdmin', companyId, { userId: company.defaultAdminId });
  await stack.waitForProjections();
  const rows = (await api('POST', `/api/gmb/${companyId}/locations-summary`, { first: 0, rows: 5 })).body.data as { Id: string }[];
  locationId = rows[0]!.Id;
  const details = (await api('GET', `/api/gmb/${locationId}/location`)).body.Data.Location;
  sandboxLocation = String(details.LocationName).split('/')[1]!;
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('location details sections', () => {
  it('loads a location never seen before: media, posts and questions as Google holds them', async () => {
    const before = await api('GET', `/api/gmb/${locationId}/media`);
    expect(before.body.Data).toMatchObject({ Media: [], Count: 0, RefreshedAt: null });
    const refresh = await api('POST', `/api/gmb/${locationId}/content/refresh`);
    expect(refresh.status).toBe(200);
    const media = await eventually(
      async () => {
        const r = await api('GET', `/api/gmb/${locationId}/media`);
        return r.body.Data.RefreshedAt ? r.body.Data : null;
      },
      { what: 'the media refresh', timeoutMs: 20_000 },
    );
    const google = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    expect(media.Count).toBe(google.mediaItems.length);
    expect(media.Media[0]).toMatchObject({ State: 'LIVE', Name: google.mediaItems[0].name, ViewCount: Number(google.mediaItems[0].insights?.viewCount ?? 0) });
    const posts = (await api('GET', `/api/gmb/${locationId}/posts`)).body.Data;
    const googlePosts = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    expect(posts.Count).toBe(googlePosts.localPosts.length);
    const questions = (await api('GET', `/api/gmb/${locationId}/questions`)).body.Data;
    expect(questions.DiscontinuedOn).toBe('2025-11-03');
    for (const q of questions.Questions) expect(q.CreatedTime < '2025-11-03').toBe(true);
  });

  it('creates an Offer post with a LEARN_MORE button: it reaches Google and goes to the top', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await api('POST', `/api/gmb/${locationId}/posts`, {
      TopicType: 'OFFER',
      Summary: 'Spring whitening offer',
      CallToAction: { ActionType: 'LEARN_MORE', Url: 'https://example.com/offer' },
      Event: { EventTitle: 'Spring offer', Schedule: { StartDate: today, EndDate: today, EnableTime: false } },
      Offer: { CouponCode: 'SPRING', RedeemOnlineUrl: '', TermsConditions: '' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ Success: true, ResponseMessage: 'You have successfully posted an update', Data: { State: 'LIVE' } });
    const google = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    expect(google.localPosts[0]).toMatchObject({
      topicType: 'OFFER',
      summary: 'Spring whitening offer',
      event: { title: 'Spring offer' },
      // Google ignores a button on an offer; its URL becomes the offer's redeem link.
      offer: { couponCode: 'SPRING', redeemOnlineUrl: 'https://example.com/offer' },
    });
    const posts = (await api('GET', `/api/gmb/${locationId}/posts`)).body.Data.Posts;
    expect(posts[0]).toMatchObject({ PostId: res.body.Data.PostId, TopicType: 'OFFER', State: 'LIVE', Name: google.localPosts[0].name });
  });

  it('refuses a button without a URL ("Please update the url") and shows Google rejecting a post', async () => {
    const noUrl = await api('POST', `/api/gmb/${locationId}/posts`, { TopicType: 'STANDARD', Summary: 'Hello', CallToAction: { ActionType: 'BOOK' } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.text).toContain('Please update the url');
    const rejected = await api('POST', `/api/gmb/${locationId}/posts`, { TopicType: 'STANDARD', Summary: 'Call us at (617) 555-0100 today' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.Data.State).toBe('REJECTED');
    // the answer tells the rejection alone, never the success text beside it
    expect(rejected.body.ResponseMessage).toMatch(/^Google rejected your post/);
    expect(rejected.body.ResponseMessage).not.toContain('successfully');
    const posts = (await api('GET', `/api/gmb/${locationId}/posts`)).body.Data.Posts;
    expect(posts[0]).toMatchObject({ PostId: rejected.body.Data.PostId, State: 'REJECTED' });
  });

  it('deletes a post on Google', async () => {
    const posts = (await api('GET', `/api/gmb/${locationId}/posts`)).body.Data.Posts;
    const res = await api('DELETE', `/api/gmb/${locationId}/posts/${posts[0].PostId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.ResponseMessage).toBe('Post deleted successfully');
    const google = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    expect(google.localPosts.map((p: { name: string }) => p.name)).not.toContain(posts[0].Name);
    const after = (await api('GET', `/api/gmb/${locationId}/posts`)).body.Data.Posts;
    expect(after.map((p: { PostId: string }) => p.PostId)).not.toContain(posts[0].PostId);
  });

  it('refuses a photo under 10 KB and a cover that is not 16:9, with the spec messages', async () => {
    const small = renderPhoto('small', 1200, 675);
    expect(small.length).toBeLessThan(10_240);
    const tooSmall = await stack.call('POST', `/api/gmb/${locationId}/media/upload`, { token, form: photoForm(small) });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.ResponseMessage ?? tooSmall.text).toContain('Please select a file larger than 10 KB');
    const fourThree = renderPhoto('four-three', 1024, 768);
    expect(fourThree.length).toBeGreaterThanOrEqual(10_240);
    const cover = await stack.call('POST', `/api/gmb/${locationId}/media/upload`, { token, form: photoForm(fourThree, 'COVER') });
    expect(cover.status).toBe(400);
    expect(cover.text).toContain('Invalid aspect ratio: 1024x768 (1.3333). Please upload a 16:9 image.');
  });

  it('uploads a 16:9 cover to Google through the upload flow, then deletes a photo', async () => {
    const res = await stack.call('POST', `/api/gmb/${locationId}/media/upload`, { token, form: photoForm(renderPhoto('cover', 1600, 900), 'COVER') });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ResponseMessage).toBe('Cover Media uploaded successfully.');
    const image = await fetch(`${stack.baseUrl}${res.body.Url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const google = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    expect(google.mediaItems[0]).toMatchObject({ locationAssociation: { category: 'COVER' }, dimensions: { widthPixels: 1600, heightPixels: 900 } });
    const media = (await api('GET', `/api/gmb/${locationId}/media`)).body.Data;
    expect(media.Media[0]).toMatchObject({ MediaId: res.body.Data.MediaId, State: 'LIVE', LocationAssociationCategory: 'COVER' });

    const removed = await api('DELETE', `/api/gmb/${locationId}/media/${res.body.Data.MediaId}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.ResponseMessage).toBe('Media deleted successfully');
    const left = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    expect(left.mediaItems.map((m: { name: string }) => m.name)).not.toContain(media.Media[0].Name);
    expect((await api('GET', `/api/gmb/${locationId}/media`)).body.Data.Count).toBe(media.Count - 1);
  });

  it('creates a logo from an uploaded file URL', async () => {
    const file = await stack.call('POST', `/api/gmb/${companyId}/upload-file`, { token, form: photoForm(renderPhoto('logo', 1200, 1200)) });
    expect(file.status, file.text).toBe(200);
    expect(file.body).toMatchObject({ Success: true, Error: null });
    const res = await api('POST', `/api/gmb/${locationId}/media`, { Url: file.body.Url, Type: 'LOGO' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ResponseMessage).toBe('Logo Media created successfully.');
    const google = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    expect(google.mediaItems[0].locationAssociation.category).toBe('LOGO');
  });

  it("refuses a media URL inside the operator's network, naming the field, and asks Google for nothing", async () => {
    const before = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    for (const Url of ['http://169.254.169.254/latest/meta-data/iam', 'http://127.0.0.1:6379/', 'http://localhost/logo.png', 'http://[::1]/x.png']) {
      const res = await api('POST', `/api/gmb/${locationId}/media`, { Url, Type: 'LOGO' });
      expect(res.status, Url).toBe(400);
      expect(res.body.ApiError.Fields.map((f: { Field: string }) => f.Field)).toEqual(['Url']);
    }
    const after = await sandboxGet(`/google/__sandbox/locations/${sandboxLocation}/media`);
    expect(after.mediaItems?.length ?? 0).toBe(before.mediaItems?.length ?? 0);
  });

  it('Sync refreshes the photos: one deleted on Google leaves the section', async () => {
    const before = (await api('GET', `/api/gmb/${locationId}/media`)).body.Data;
    const gone = before.Media.find((m: { Name: string | null }) => m.Name)!;
    const googleToken = await accessTokenFor(stack.sandbox!.url, DEMO.google.userEmail);
    const deleted = await fetch(`${stack.sandbox!.url}/google/mybusiness/v4/${gone.Name}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${googleToken}` },
    });
    expect(deleted.status).toBe(200);
    const synced = await api('POST', `/api/gmb/${locationId}/sync`);
    expect(synced.status, synced.text).toBe(200);
    const after = await eventually(
      async () => {
        const d = (await api('GET', `/api/gmb/${locationId}/media`)).body.Data;
        return d.RefreshedAt !== before.RefreshedAt ? d : null;
      },
      { what: 'the refresh after Sync', timeoutMs: 20_000 },
    );
    expect(after.Media.map((m: { MediaId: string }) => m.MediaId)).not.toContain(gone.MediaId);
    expect(after.Count).toBe(before.Count - 1);
  });

  it("lists the publishers of the location's Localeze listing and the Localeze categories", async () => {
    const none = await api('GET', `/api/localeze/list-directories/${locationId}`);
    expect(none.status).toBe(422);
    const saved = await api('POST', `/api/gmb/${locationId}/update`, { LocalezeListingId: '123456' });
    expect(saved.status, saved.text).toBe(200);
    expect((await api('GET', `/api/gmb/${locationId}/location`)).body.Data.Location.LocalezeListingId).toBe('123456');
    const res = await api('GET', `/api/localeze/list-directories/${locationId}`);
    expect(res.status, res.text).toBe(200);
    const direct = await fetch(`${stack.sandbox!.url}/localeze/v1/listings/123456/directories`, { headers: { 'x-api-key': 'k' } }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(res.body.ResponseData).toHaveLength(direct.directories.length);
    expect(res.body.ResponseData.map((d: { Disposition: string }) => d.Disposition)).toEqual(
      direct.directories.map((d: { disposition: string }) => d.disposition),
    );
    const categories = await api('GET', '/api/localeze/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.ResponseData.length).toBeGreaterThan(10);
  });
});
