import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS_COLLECTION, type LocationDoc } from '@locus/contracts';
import { consentAs } from '../../connections/sandbox-consent';
import { startLocationsTestStack, type LocationsTestStack } from '../testing/stack';

let stack: LocationsTestStack;
let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
let locations: LocationDoc[] = [];

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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

async function finished(jobId: string) {
  return eventually(async () => {
    const res = await call('GET', `/api/gmb/bulk-location-edit/jobs/${jobId}`, company.adminToken);
    return res.body?.Data?.Job?.Status !== 'running' ? res.body.Data : null;
  }, `bulk edit ${jobId} to finish`);
}

beforeAll(async () => {
  stack = await startLocationsTestStack();
  company = await stack.seedCompany();
  const tokenUrl = await call('GET', '/api/gmb/token-url', company.adminToken);
  const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, 'avery.johnson@gmail.com');
  const cb = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
  await stack.waitForProjections();
  const proc = await call('GET', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken);
  const summit = proc.body.Data.Accounts.find((a: any) => a.AccountName === 'Summit Insurance Partners');
  await call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken, { SelectedAccounts: [summit.Name] });
  locations = await eventually(async () => {
    await stack.waitForProjections();
    const docs = await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId: company.companyId });
    return docs.length >= 48 && docs.every((d) => d.googleName) ? docs : null;
  }, 'the Summit import');
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('bulk edit', () => {
  it('renders "@BusinessName in @Town" into every selected description on Google, one edit each, and leaves the other fields alone', async () => {
    const before = new Map(locations.map((d) => [d._id, structuredClone(onGoogle(d))]));
    const editsBefore = new Map(locations.map((d) => [d._id, editsOf(d)]));
    const res = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: locations.map((d) => d._id),
      IgnoreBulkLocationFields: ignoreAllBut('BusninessDescription'),
      ProfileDescription: '@BusinessName in @Town',
      Title: 'must not be used',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ResponseMessage).toBe('Updating locations, please wait...');
    const { Job, Outcomes } = await finished(res.body.Data.JobId);
    expect(Job).toMatchObject({ Status: 'finished', Total: locations.length, Done: locations.length, Failed: 0, Pending: 0, Percent: 100 });
    expect(Outcomes.every((o: any) => o.Status === 'succeeded')).toBe(true);
    for (const d of locations) {
      const now = onGoogle(d);
      expect(now.profile?.description).toBe(`${d.profile.Title} in ${d.profile.Town}`);
      const { profile: _p, ...rest } = now;
      const { profile: _q, ...restBefore } = before.get(d._id)!;
      expect(rest).toEqual(restBefore);
      expect(editsOf(d) - editsBefore.get(d._id)!).toBe(1);
    }
    await stack.waitForProjections();
    const docs = await stack.deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId: company.companyId });
    for (const d of docs) {
      expect(d.profile.ProfileDescription).toBe(`${d.profile.Title} in ${d.profile.Town}`);
      expect(d.pendingGoogleEdits).toBe(0);
    }
  }, 120_000);

  it("records a location's failure with its reason, and a retry runs only the failed ones", async () => {
    const [good, bad] = locations;
    // a Website that renders to no URL for one location: only it fails
    const res = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [good!._id, bad!._id],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
      Website: 'https://example.com/@Zip',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = await finished(res.body.Data.JobId);
    expect(first.Job).toMatchObject({ Done: 2, Failed: 0 });
    expect(onGoogle(good!).websiteUri).toBe(`https://example.com/${good!.profile.PostCode}`);

    const retry = await call('POST', `/api/gmb/bulk-location-edit/jobs/${res.body.Data.JobId}/retry`, company.adminToken);
    expect(retry.status).toBe(422);
    expect(retry.body.ResponseMessage).toBe('No failed location to retry.');

    const broken = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [good!._id],
      IgnoreBulkLocationFields: ignoreAllBut('PhoneNumber'),
      PrimaryPhoneNumber: '@Zip',
    });
    const failed = await finished(broken.body.Data.JobId);
    expect(failed.Job).toMatchObject({ Status: 'finished', Done: 0, Failed: 1 });
    expect(failed.Outcomes[0]).toMatchObject({ Status: 'failed', Code: 'BULK_EDIT.INVALID_VALUE', Title: good!.profile.Title });
    expect(failed.Outcomes[0].Message).toContain('is not a valid US phone number');
    const again = await call('POST', `/api/gmb/bulk-location-edit/jobs/${broken.body.Data.JobId}/retry`, company.adminToken);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const retried = await finished(broken.body.Data.JobId);
    expect(retried.Job).toMatchObject({ Status: 'finished', Failed: 1, Total: 1 });
  }, 60_000);

  it("a field refused for one location (description over Google's 750 characters) keeps the other fields' changes there, and the outcome names both", async () => {
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
    const preview = await call('POST', '/api/gmb/bulk-location-edit/preview', company.adminToken, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.Data).toEqual([
      expect.objectContaining({ LocationId: short._id, DescriptionLength: 750, DescriptionOverLimit: false }),
      expect.objectContaining({
        LocationId: long._id,
        DescriptionLength: 750 - short.profile.Title.length + long.profile.Title.length,
        DescriptionOverLimit: true,
      }),
    ]);

    const res = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { Job, Outcomes } = await finished(res.body.Data.JobId);
    expect(Job).toMatchObject({ Status: 'finished', Done: 1, Failed: 1 });
    const outcomeOf = (id: string) => Outcomes.find((o: any) => o.LocationId === id);
    expect(outcomeOf(short._id)).toMatchObject({ Status: 'succeeded', AppliedFields: ['Business Name', 'Business Description'], RefusedFields: [] });
    const longLength = 750 - short.profile.Title.length + long.profile.Title.length;
    expect(outcomeOf(long._id)).toMatchObject({
      Status: 'failed',
      Code: 'BULK_EDIT.INVALID_VALUE',
      AppliedFields: ['Business Name'],
      RefusedFields: [{ Field: 'Business Description', Message: `Business Description is ${longLength} characters; Google allows at most 750` }],
    });
    expect(outcomeOf(long._id).Message).toContain('Applied: Business Name');

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

    const res = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [a!._id, b!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocaleZeCategories', 'ProfilePhoto', 'CoverPhoto', 'LocationDefaultImage'),
      LocaleZeCategoriesDto: [{ Id: '7', Name: 'Dentists' }],
      ProfilePhoto: logo,
      CoverPhoto: cover,
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
      ProfileDescription: 'ignored, so never used',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { Job, Outcomes } = await finished(res.body.Data.JobId);
    expect(Job, JSON.stringify(Outcomes)).toMatchObject({ Status: 'finished', Done: 2, Failed: 0 });
    expect(Outcomes.every((o: any) => o.Status === 'succeeded')).toBe(true);
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
    const requested = content.filter((e) => e.type === 'LocationMediaRequested' && (e.data as any).bulkJobId === res.body.Data.JobId);
    expect(requested).toHaveLength(3);
    expect(content.filter((e) => e.type === 'LocationMediaAdded' && requested.some((r) => (r.data as any).mediaId === (e.data as any).mediaId))).toHaveLength(
      3,
    );

    // Ignore on the default media leaves media alone even with images in the request
    const ignored = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocaleZeCategories'),
      LocaleZeCategoriesDto: [{ Id: '8', Name: 'Orthodontists' }],
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
    });
    expect((await finished(ignored.body.Data.JobId)).Job).toMatchObject({ Done: 1, Failed: 0 });
    expect(mediaOf(c!)).toHaveLength(countBefore.get(c!._id)!);

    // default media alone (no profile field changes): added all the same
    const mediaOnly = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocationDefaultImage'),
      LocationDefaultImagesUrl: [{ MediaItemUrl: extra }],
    });
    expect((await finished(mediaOnly.body.Data.JobId)).Job).toMatchObject({ Done: 1, Failed: 0 });
    expect(mediaOf(c!).filter((m) => m.sourceUrl === extra)).toEqual([{ category: 'ADDITIONAL', sourceUrl: extra }]);
    expect(editsOf(c!)).toBe(editsBefore.get(c!._id));

    // a photo Google refuses fails the location with Google's reason
    const tooSmall = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('ProfilePhoto'),
      ProfilePhoto: photo('bulk-tiny', 100, 100),
    });
    const refused = await finished(tooSmall.body.Data.JobId);
    expect(refused.Job).toMatchObject({ Done: 0, Failed: 1 });
    expect(refused.Outcomes[0].Message).toContain('Location Logo');
    expect(refused.Outcomes[0].Message).toContain('photo is too small (');

    // not ignored, but no image: refused naming the field
    const empty = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [c!._id],
      IgnoreBulkLocationFields: ignoreAllBut('LocationDefaultImage'),
      LocationDefaultImagesUrl: [],
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('LocationDefaultImagesUrl');
  }, 120_000);

  it('refuses bad requests naming the field, and another company sees no job', async () => {
    const none = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('SelectedLocations');
    const ignored = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: [locations[0]!._id],
      IgnoreBulkLocationFields: ignoreAllBut(),
    });
    expect(ignored.status).toBe(400);
    const unknown = await call('POST', '/api/gmb/bulk-location-edit', company.adminToken, {
      SelectedLocations: ['no-such-location'],
      IgnoreBulkLocationFields: ignoreAllBut('Website'),
      Website: 'https://example.com',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.ResponseMessage).toBe('No location found with the selected ID.');
    const other = await stack.seedCompany('Other Co');
    const jobs = await call('GET', '/api/gmb/bulk-location-edit/jobs', company.adminToken);
    const jobId = jobs.body.Data[0].JobId;
    expect((await call('GET', `/api/gmb/bulk-location-edit/jobs/${jobId}`, other.adminToken)).status).toBe(404);
    expect((await call('POST', `/api/gmb/bulk-location-edit/jobs/${jobId}/retry`, other.adminToken)).status).toBe(404);
    expect((await call('GET', `/api/gmb/bulk-location-edit/jobs/${jobId}`, company.userToken)).status).toBe(403);
  });
});
