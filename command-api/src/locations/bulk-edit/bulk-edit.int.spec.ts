import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEditPreviewRoute,
  bulkLocationEditRoute,
  getBulkEditJobRoute,
  listBulkEditJobsRoute,
  listBulkEditOutcomesRoute,
  LOCATIONS_COLLECTION,
  retryBulkEditRoute,
  type LocationDoc,
  type RequestInput,
} from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { startLocationsTestStack, type LocationsTestStack } from '../testing/stack';

/**
 * Bulk edits over HTTP against the Google sandbox: each test is given its own company with a
 * sandbox account connected and imported (Summit Insurance Partners' 48 locations, or the
 * 20 of Bloom & Co. Salon when a few will do), sends its bulk edits, and checks the jobs'
 * outcomes, Google and the read models.
 */
let stack: LocationsTestStack;
type Company = Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

const locationDocs = (company: Company) =>
  stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId: company.companyId }, { sort: { _id: 1 } });

const SUMMIT = { googleUserEmail: 'avery.johnson@gmail.com', accountName: 'Summit Insurance Partners' };
const SALON = { googleUserEmail: 'priya.patel.health@gmail.com', accountName: 'Bloom & Co. Salon' };

/** A company of its own with the account connected and every location imported (each with its Google name). */
async function givenImported(account = SUMMIT): Promise<{ company: Company; locations: LocationDoc[] }> {
  const company = await stack.seedCompany();
  const seeded = await stack.googleImported(company, account);
  const locations = await eventually(
    async () => {
      await stack.waitForProjections();
      const docs = await locationDocs(company);
      return docs.length >= seeded.locations && docs.every((d) => d.googleName) && docs;
    },
    { what: `the import of ${account.accountName}`, timeoutMs: 60_000 },
  );
  return { company, locations };
}

const bulkEdit = (company: Company, body: RequestInput<typeof bulkLocationEditRoute, 'body'>) =>
  stack.test.send(bulkLocationEditRoute, { body, token: company.adminToken });

const googleStore = () => stack.sandbox.google!.store;
const onGoogle = (doc: LocationDoc) => googleStore().state.locations[doc.googleName!.replace('locations/', '')]!.resource as Record<string, any>;
const editsOf = (doc: LocationDoc) => googleStore().state.editCounts?.[doc.googleName!.replace('locations/', '')] ?? 0;

const ignoreAllBut = (...fields: string[]) =>
  Object.fromEntries(
    [
      'BusinessName',
      'PhoneNumber',
      'AdditionalPhoneNumber',
      'PrimaryCategory',
      'AdditionalCategories',
      'LocaleZeCategories',
      'Address1',
      'Address2',
      'Country',
      'State',
      'Website',
      'BusninessDescription',
      'ProfilePhoto',
      'CoverPhoto',
      'LocationDefaultImage',
      'BusinessHours',
    ].map((f) => [f, !fields.includes(f)]),
  );

/** One page of a job's outcomes. */
const outcomesPage = (company: Company, jobId: string, query: RequestInput<typeof listBulkEditOutcomesRoute, 'query'>) =>
  stack.test.send(listBulkEditOutcomesRoute, { params: { jobId }, query, token: company.adminToken });

/** The job once it is no longer running, and every location's outcome (read page by page). */
async function finished(company: Company, jobId: string) {
  const Job = await eventually(
    async () => {
      const { Data } = (await stack.test.send(getBulkEditJobRoute, { params: { jobId }, token: company.adminToken })).body;
      return Data.Job.Status !== 'running' && Data.Job;
    },
    { what: `bulk edit ${jobId} to finish`, timeoutMs: 60_000 },
  );
  const Outcomes = [];
  for (let page = 1; ; page++) {
    const res = await outcomesPage(company, jobId, { page, pageSize: 100 });
    expect(res.status, res.text).toBe(200);
    Outcomes.push(...res.body.Data);
    if (Outcomes.length >= res.body.TotalRecords) break;
  }
  return { Job, Outcomes };
}

describe('bulk edit', () => {
  it('renders "@BusinessName in @Town" into every selected description on Google, one edit each, and leaves the other fields alone', async () => {
    const { company, locations } = await givenImported();
    const before = new Map(locations.map((d) => [d._id, structuredClone(onGoogle(d))]));
    const editsBefore = new Map(locations.map((d) => [d._id, editsOf(d)]));
    const res = await bulkEdit(company, {
      SelectedLocations: locations.map((d) => d._id),
      IgnoreBulkLocationFields: ignoreAllBut('BusninessDescription'),
      ProfileDescription: '@BusinessName in @Town',
      Title: 'must not be used',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ResponseMessage).toBe('Updating locations, please wait...');
    const { Job, Outcomes } = await finished(company, res.body.Data.JobId);
    expect(Job).toMatchObject({ Status: 'finished', Total: locations.length, Done: locations.length, Failed: 0, Pending: 0, Percent: 100 });
    expect(Outcomes.every((o) => o.Status === 'succeeded')).toBe(true);
    expect(Outcomes.map((o) => o.LocationId)).toEqual(locations.map((d) => d._id));
    // paged in the selection's order; a status narrows the rows and their count
    const second = (await outcomesPage(company, res.body.Data.JobId, { page: 2, pageSize: 10 })).body;
    expect(second).toMatchObject({ TotalRecords: locations.length, Page: 2, PageSize: 10 });
    expect(second.Data.map((o) => o.LocationId)).toEqual(locations.slice(10, 20).map((d) => d._id));
    expect(second.Data[0]).toMatchObject({ Title: locations[10]!.profile.Title, StoreCode: locations[10]!.profile.StoreCode, Status: 'succeeded' });
    const none = (await outcomesPage(company, res.body.Data.JobId, { status: 'failed' })).body;
    expect(none).toMatchObject({ Data: [], TotalRecords: 0, Page: 1, PageSize: 25 });
    for (const d of locations) {
      const now = onGoogle(d);
      expect(now.profile?.description).toBe(`${d.profile.Title} in ${d.profile.Town}`);
      const { profile: _p, ...rest } = now;
      const { profile: _q, ...restBefore } = before.get(d._id)!;
      expect(rest).toEqual(restBefore);
      expect(editsOf(d) - editsBefore.get(d._id)!).toBe(1);
    }
    await stack.waitForProjections();
    for (const d of await locationDocs(company)) {
      expect(d.profile.ProfileDescription).toBe(`${d.profile.Title} in ${d.profile.Town}`);
      expect(d.pendingGoogleEdits).toBe(0);
    }
  }, 120_000);

  it("records a location's failure with its reason, and a retry runs only the failed ones", async () => {
    const { company, locations } = await givenImported(SALON);
    const [good, bad] = locations;
    const retry = (jobId: string) => stack.test.send(retryBulkEditRoute, { params: { jobId }, token: company.adminToken });
    // a Website that renders to no URL for one location: only it fails
    const res = await bulkEdit(company, {
      SelectedLocations: [good!._id, bad!._id],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
      Website: 'https://example.com/@Zip',
    });
    expect(res.status, res.text).toBe(200);
    const first = await finished(company, res.body.Data.JobId);
    expect(first.Job).toMatchObject({ Done: 2, Failed: 0 });
    expect(onGoogle(good!).websiteUri).toBe(`https://example.com/${good!.profile.PostCode}`);

    const nothingToRetry = await retry(res.body.Data.JobId);
    expect(nothingToRetry.status).toBe(422);
    expect(nothingToRetry.error?.ResponseMessage).toBe('No failed location to retry.');

    const broken = await bulkEdit(company, {
      SelectedLocations: [good!._id],
      IgnoreBulkLocationFields: ignoreAllBut('PhoneNumber'),
      PrimaryPhoneNumber: '@Zip',
    });
    const failed = await finished(company, broken.body.Data.JobId);
    expect(failed.Job).toMatchObject({ Status: 'finished', Done: 0, Failed: 1 });
    expect(failed.Outcomes[0]).toMatchObject({ Status: 'failed', Code: 'BULK_EDIT.INVALID_VALUE', Title: good!.profile.Title });
    expect(failed.Outcomes[0]!.Message).toContain('is not a valid US phone number');
    const onlyFailed = (await outcomesPage(company, broken.body.Data.JobId, { status: 'failed' })).body;
    expect(onlyFailed).toMatchObject({ TotalRecords: 1, Data: [{ LocationId: good!._id, Status: 'failed' }] });
    const again = await retry(broken.body.Data.JobId);
    expect(again.status, again.text).toBe(200);
    const retried = await finished(company, broken.body.Data.JobId);
    expect(retried.Job).toMatchObject({ Status: 'finished', Failed: 1, Total: 1 });
  }, 60_000);

  it("a field refused for one location (description over Google's 750 characters) keeps the other fields' changes there, and the outcome names both", async () => {
    const { company, locations } = await givenImported();
    const byTitle = [...locations].sort((x, y) => x.profile.Title.length - y.profile.Title.length);
    const short = byTitle[0]!;
    const long = byTitle.at(-1)!;
    expect(long.profile.Title.length).toBeGreaterThan(short.profile.Title.length);
    const before = { long: structuredClone(onGoogle(long)) };
    // exactly 750 characters at the short-named location, more at the long-named one
    const description = `${'x'.repeat(750 - short.profile.Title.length)}@{BusinessName}`;
    const body = {
      SelectedLocations: [short._id, long._id],
      IgnoreBulkLocationFields: ignoreAllBut('BusinessName', 'BusninessDescription'),
      Title: '@BusinessName Group',
      ProfileDescription: description,
    };
    const preview = await stack.test.send(bulkEditPreviewRoute, { body, token: company.adminToken });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.Data).toEqual([
      expect.objectContaining({ LocationId: short._id, DescriptionLength: 750, DescriptionOverLimit: false }),
      expect.objectContaining({
        LocationId: long._id,
        DescriptionLength: 750 - short.profile.Title.length + long.profile.Title.length,
        DescriptionOverLimit: true,
      }),
    ]);

    const res = await bulkEdit(company, body);
    expect(res.status, res.text).toBe(200);
    const { Job, Outcomes } = await finished(company, res.body.Data.JobId);
    expect(Job).toMatchObject({ Status: 'finished', Done: 1, Failed: 1 });
    const outcomeOf = (id: string) => Outcomes.find((o) => o.LocationId === id);
    expect(outcomeOf(short._id)).toMatchObject({ Status: 'succeeded', AppliedFields: ['Business Name', 'Business Description'], RefusedFields: [] });
    const longLength = 750 - short.profile.Title.length + long.profile.Title.length;
    expect(outcomeOf(long._id)).toMatchObject({
      Status: 'failed',
      Code: 'BULK_EDIT.INVALID_VALUE',
      AppliedFields: ['Business Name'],
      RefusedFields: [{ Field: 'Business Description', Message: `Business Description is ${longLength} characters; Google allows at most 750` }],
    });
    expect(outcomeOf(long._id)?.Message).toContain('Applied: Business Name');

    // Google: both renamed; the short-named one got the description, the long-named one kept its own
    expect(onGoogle(short).title).toBe(`${short.profile.Title} Group`);
    expect(onGoogle(short).profile?.description).toBe(`${'x'.repeat(750 - short.profile.Title.length)}${short.profile.Title}`);
    expect(onGoogle(long).title).toBe(`${long.profile.Title} Group`);
    expect(onGoogle(long).profile?.description).toBe(before.long.profile?.description);
    await stack.waitForProjections();
    const doc = await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: long._id });
    expect(doc!.profile.Title).toBe(`${long.profile.Title} Group`);
    expect(doc!.profile.ProfileDescription).toBe(before.long.profile?.description);
  }, 120_000);

  it('stores Localeze categories, and adds logo, cover and default media on Google (LOGO, COVER, ADDITIONAL) with each outcome', async () => {
    const { company, locations } = await givenImported(SALON);
    const [a, b, c] = locations;
    const photo = (key: string, w: number, h: number) => `${stack.sandbox.url}/google/images/photo/${key}.png?w=${w}&h=${h}`;
    const logo = photo('bulk-logo', 1200, 1200);
    const cover = photo('bulk-cover', 1600, 900);
    const extra = photo('bulk-extra', 1600, 1200);
    const mediaOf = (d: LocationDoc) =>
      googleStore()
        .mediaOf(googleStore().state.locations[d.googleName!.replace('locations/', '')]!)
        .map((m) => ({ category: (m.resource.locationAssociation as { category: string }).category, sourceUrl: m.resource.sourceUrl }));
    const countBefore = new Map([a!, b!, c!].map((d) => [d._id, mediaOf(d).length]));
    const editsBefore = new Map([a!, b!, c!].map((d) => [d._id, editsOf(d)]));
    const descriptionBefore = onGoogle(a!).profile?.description;

    const res = await bulkEdit(company, {
      SelectedLocations: [a!._id, b!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocaleZeCategories', 'ProfilePhoto', 'CoverPhoto', 'LocationDefaultImage'),
      LocaleZeCategoriesDto: [{ Id: '7', Name: 'Dentists' }],
      ProfilePhoto: logo,
      CoverPhoto: cover,
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
      ProfileDescription: 'ignored, so never used',
    });
    expect(res.status, res.text).toBe(200);
    const jobId = res.body.Data.JobId;
    const { Job, Outcomes } = await finished(company, jobId);
    expect(Job, JSON.stringify(Outcomes)).toMatchObject({ Status: 'finished', Done: 2, Failed: 0 });
    expect(Outcomes.every((o) => o.Status === 'succeeded')).toBe(true);
    for (const d of [a!, b!]) {
      const media = mediaOf(d);
      expect(media.length - countBefore.get(d._id)!).toBe(3);
      expect(media).toEqual(
        expect.arrayContaining([
          { category: 'LOGO', sourceUrl: logo },
          { category: 'COVER', sourceUrl: cover },
          { category: 'ADDITIONAL', sourceUrl: extra },
        ]),
      );
      // photos are media writes, not profile edits; the ignored description is untouched
      expect(editsOf(d)).toBe(editsBefore.get(d._id));
    }
    expect(onGoogle(a!).profile?.description).toBe(descriptionBefore);
    expect(mediaOf(c!)).toHaveLength(countBefore.get(c!._id)!);
    await stack.waitForProjections();
    const doc = await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: a!._id });
    expect(doc!.profile.SelectedLocaleZeCategories).toEqual([{ Id: '7', Name: 'Dentists' }]);
    expect(doc!.profile.LocationProfileMedia).toBe(logo);
    expect(doc!.profile.LocationCoverMedia).toBe(cover);
    const content = await stack.eventStore.readStream(`location-content-${a!._id}`);
    const mediaIdOf = (data: unknown) => (data as { mediaId: string }).mediaId;
    const requested = content.filter((e) => e.type === 'LocationMediaRequested' && (e.data as { bulkJobId?: string }).bulkJobId === jobId);
    expect(requested).toHaveLength(3);
    expect(content.filter((e) => e.type === 'LocationMediaAdded' && requested.some((r) => mediaIdOf(r.data) === mediaIdOf(e.data)))).toHaveLength(3);

    // Ignore on the default media leaves media alone even with images in the request
    const ignored = await bulkEdit(company, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocaleZeCategories'),
      LocaleZeCategoriesDto: [{ Id: '8', Name: 'Orthodontists' }],
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
    });
    expect((await finished(company, ignored.body.Data.JobId)).Job).toMatchObject({ Done: 1, Failed: 0 });
    expect(mediaOf(c!)).toHaveLength(countBefore.get(c!._id)!);

    // default media alone (no profile field changes): added all the same
    const mediaOnly = await bulkEdit(company, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocationDefaultImage'),
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
    });
    expect((await finished(company, mediaOnly.body.Data.JobId)).Job).toMatchObject({ Done: 1, Failed: 0 });
    expect(mediaOf(c!).filter((m) => m.sourceUrl === extra)).toEqual([{ category: 'ADDITIONAL', sourceUrl: extra }]);
    expect(editsOf(c!)).toBe(editsBefore.get(c!._id));

    // a photo Google refuses fails the location with Google's reason
    const tooSmall = await bulkEdit(company, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('ProfilePhoto'),
      ProfilePhoto: photo('bulk-tiny', 100, 100),
    });
    const refused = await finished(company, tooSmall.body.Data.JobId);
    expect(refused.Job).toMatchObject({ Done: 0, Failed: 1 });
    expect(refused.Outcomes[0]!.Message).toContain('Location Logo');
    expect(refused.Outcomes[0]!.Message).toContain('photo is too small (');

    // not ignored, but no image: refused naming the field
    const empty = await bulkEdit(company, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocationDefaultImage'),
      LocationDefaultImagesUrl: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('LocationDefaultImagesUrl');
  }, 120_000);

  it('refuses bad requests naming the field, and another company sees no job', async () => {
    const { company, locations } = await givenImported(SALON);
    const none = await bulkEdit(company, { SelectedLocations: [], IgnoreBulkLocationFields: ignoreAllBut('Website') });
    expect(none.status).toBe(400);
    expect(none.text).toContain('SelectedLocations');
    const ignored = await bulkEdit(company, { SelectedLocations: [locations[0]!._id], IgnoreBulkLocationFields: ignoreAllBut() });
    expect(ignored.status).toBe(400);
    const unknown = await bulkEdit(company, {
      SelectedLocations: ['no-such-location'],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
      Website: 'https://example.com',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.ResponseMessage).toBe('No location found with the selected ID.');

    const started = await bulkEdit(company, {
      SelectedLocations: [locations[0]!._id],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
      Website: 'https://example.com/@Zip',
    });
    expect(started.status, started.text).toBe(200);
    await finished(company, started.body.Data.JobId);
    const jobs = await stack.test.send(listBulkEditJobsRoute, { token: company.adminToken });
    const jobId = jobs.body.Data[0]!.JobId;
    expect(jobId).toBe(started.body.Data.JobId);
    const other = await stack.seedCompany('Other Co');
    const jobAs = (token: string) => stack.test.send(getBulkEditJobRoute, { params: { jobId }, token });
    expect((await jobAs(other.adminToken)).status).toBe(404);
    expect((await stack.test.send(retryBulkEditRoute, { params: { jobId }, token: other.adminToken })).status).toBe(404);
    expect((await jobAs(company.userToken)).status).toBe(403);
    expect((await stack.test.send(listBulkEditOutcomesRoute, { params: { jobId }, query: {}, token: other.adminToken })).status).toBe(404);
  });
});
