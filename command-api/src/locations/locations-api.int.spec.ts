import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION, subjects, type ConnectAccountsProgress, type NotificationMessage } from '@locus/contracts';
import { consentAs, sandboxDirectory } from '../connections/sandbox-consent';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

let stack: LocationsTestStack;
let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null, position: Number(res.headers.get('x-position') ?? 0) };
}

/** Polls until `check` returns a value (no timing is asserted; the bound only stops a hung test). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  stack = await startLocationsTestStack();
  company = await stack.seedCompany();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('connect a Google account and manage its locations over HTTP', () => {
  const progress: ConnectAccountsProgress[] = [];
  let processId = '';
  let summitTotal = 0;

  it('connects through the OAuth flow and imports the account with live progress to 100 %', async () => {
    stack.deps.bus.subscribe(subjects.companyNotification(company.companyId, CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION), (m) => {
      progress.push((m.data as NotificationMessage<ConnectAccountsProgress>).payload);
    });
    const tokenUrl = await call('GET', '/api/gmb/token-url', company.adminToken);
    expect(tokenUrl.status).toBe(200);
    expect(tokenUrl.body).toMatchObject({ Success: true, CanConnect: true, HasGMBCredentials: true, ErrorMessage: null });
    const redirect = new URL(tokenUrl.body.RedirectUrl);
    expect(redirect.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/business.manage');
    expect(redirect.searchParams.get('access_type')).toBe('offline');

    const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, 'avery.johnson@gmail.com');
    const cb = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    expect(cb.body).toMatchObject({ Success: true, IsNewCompanyCreated: false, JustLoggingInUsingGoogleLoginBtn: false, Token: null });
    processId = cb.body.ProcessId;
    // The same state cannot be used twice.
    expect((await call('POST', '/api/auth/callback', null, { Code: code, State: state })).status).toBeGreaterThanOrEqual(400);

    await stack.waitForProjections();
    const proc = await call('GET', `/api/gmb/connect-accounts/${processId}`, company.adminToken);
    expect(proc.status).toBe(200);
    const summit = proc.body.Data.Accounts.find((a: any) => a.AccountName === 'Summit Insurance Partners');
    expect(summit).toBeDefined();
    summitTotal = (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.name === summit.Name)!.locationCount;

    const connect = await call('POST', `/api/gmb/connect-accounts/${processId}`, company.adminToken, { SelectedAccounts: [summit.Name] });
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);
    expect(connect.body.ResponseMessage).toBe('Your account has been successfully connected');

    await eventually(async () => progress.some((p) => p.progressPercentage === 100), 'import to reach 100 %', 60_000);
    const percents = progress.map((p) => p.progressPercentage);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.filter((p) => p === 100).length).toBe(1);
    const withLocation = progress.filter((p) => p.currentLocation);
    expect(withLocation.length).toBe(summitTotal);
    expect(withLocation[0]!.currentLocation).toMatchObject({ locationTitle: expect.any(String), locationAddressLine1: expect.any(String) });
  }, 90_000);

  it('keeps Google tokens out of events in clear', async () => {
    const all = JSON.stringify((await stack.deps.eventStore.readAll()).map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })));
    expect(all).not.toMatch(/ya29\./);
    expect(all).not.toMatch(/"1\/\/0/);
    expect(all).toContain('sealedCredentials');
  });

  it('lists the account and finds an imported location by its store code', async () => {
    await stack.waitForProjections();
    const accounts = await call('GET', '/api/gmb/gmbAccounts', company.adminToken);
    expect(accounts.body.Data).toHaveLength(1);
    expect(accounts.body.Data[0]).toMatchObject({
      AccountName: 'Summit Insurance Partners',
      GoogleUserEmail: 'avery.johnson@gmail.com',
      Source: 'Google',
      TotalLocations: summitTotal,
    });

    const first = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.userToken, {
      first: 0,
      rows: 25,
      sortField: 'StoreCode',
      sortOrder: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body.totalResultsCount).toBe(summitTotal);
    expect(first.body.data).toHaveLength(Math.min(25, summitTotal));
    const codes = first.body.data.map((r: any) => r.StoreCode.toLowerCase());
    expect(codes).toEqual([...codes].sort());
    const target = first.body.data[3];
    const found = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.userToken, {
      first: 0,
      rows: 25,
      globalFilter: target.StoreCode.toUpperCase(),
    });
    expect(found.body.filteredResultsCount).toBe(1);
    expect(found.body.data[0]).toMatchObject({ Id: target.Id, IsPublishedOnGMB: true, OpenStatus: 'Published' });
    // Another company's id is not found for a company user.
    expect((await call('POST', `/api/gmb/00000000-0000-4000-8000-000000000000/locations-summary`, company.userToken, {})).status).toBe(404);
  });

  it('records a change Google refuses as a visible error on the location', async () => {
    const rows = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, { rows: 1 });
    const id = rows.body.data[0].Id as string;
    const details = (await call('GET', `/api/gmb/${id}/location`, company.adminToken)).body.Data.Location;
    expect(details.PrimaryCategory.Name).not.toMatch(/dentist|dental|clinic|salon|spa|doctor|lawyer|attorney/);
    // An insurance agency cannot carry appointment links: Google answers 400.
    const res = await call('POST', `/api/gmb/${id}/attributes`, company.adminToken, {
      Attributes: {},
      PlacePageUrls: { UrlAppointment: 'https://book.example.com' },
    });
    expect(res.status).toBe(200);
    const failed = await eventually(async () => {
      await stack.waitForProjections();
      const d = (await call('GET', `/api/gmb/${id}/location`, company.adminToken)).body.Data.Location;
      return d.GoogleError ? d : null;
    }, 'the Google error to show');
    expect(failed.GoogleError).toMatch(/url_appointment/);
    expect(failed.PendingGoogleEdits).toBe(0);
    const row = (await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, { rows: 1 })).body.data[0];
    expect(row.GoogleError).toBe(failed.GoogleError);
    const attrs = await call('GET', `/api/gmb/${id}/attributes`, company.adminToken);
    expect(attrs.body.Data.PlacePageUrls).toEqual({ UrlAppointment: 'https://book.example.com' });
  });

  let createdId = '';
  const storeCode = `NEW-${Date.now().toString(36).toUpperCase()}`;

  it('creates a location with the spec fields, StoreCode unique per company', async () => {
    const categories = await eventually(async () => {
      const r = await call('GET', '/api/gmb/categories', company.adminToken);
      return r.body.Data?.length ? r.body : null;
    }, 'categories to be cached');
    expect(categories.IsUnauthorized).toBe(false);
    const dentist = categories.Data.find((c: any) => c.DisplayName === 'Dentist') ?? categories.Data[0];
    const states = await call('GET', '/api/countries/states', company.userToken);
    expect(states.body.Data).toContainEqual({ Name: 'Colorado', StateCode: 'CO' });
    const cities = await call('GET', '/api/countries/states/CO/cities', company.userToken);
    const denver = cities.body.Data.find((c: any) => c.Name === 'Denver');
    expect(denver.Latitude).toBeCloseTo(39.74, 1);
    const accounts = await call('GET', '/api/gmb/gmbAccounts', company.adminToken);
    const location = {
      AccountId: accounts.body.Data[0].Id,
      Title: 'Locus Test Dental',
      PrimaryPhoneNumber: '(303) 555-0147',
      AdditionalPhoneNumbers: ['', '(303) 555-0148'],
      PrimaryEmail: '',
      StoreCode: storeCode,
      StreetAddressLine1: '1600 Glenarm Pl',
      StreetAddressLine2: 'Suite 200',
      Region: 'US',
      State: 'CO',
      Town: 'Denver',
      PostCode: '80202',
      Latitude: denver.Latitude,
      Longitude: denver.Longitude,
      Website: 'https://locus-dental.example.com',
      ProfileDescription: 'Family dentistry in downtown Denver.',
      OpeningDate: '2020-05-01',
      PrimaryCategoryId: dentist.Name,
      SelectedAdditionalCategories: [],
      LocationBusinessHours: [
        { OpenDay: 'Monday', IsOpen: true, OpenTimeHours: 9, OpenTimeMinutes: 0, CloseTimeHours: 17, CloseTimeMinutes: 30 },
        { OpenDay: 'Sunday', IsOpen: false },
      ],
      IsWomenOwned: true,
      FreeParkingLot: true,
    };
    const bad = await call('POST', '/api/gmb/create-location', company.adminToken, { Location: { ...location, Title: '', Latitude: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.ApiError.Fields.map((f: any) => f.Field)).toEqual(expect.arrayContaining(['Location.Title', 'Location.Latitude']));

    const created = await call('POST', '/api/gmb/create-location', company.adminToken, { Location: location });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.ResponseMessage).toBe('Your location has been created successfully.');
    createdId = created.body.Data.Id;

    const again = await call('POST', '/api/gmb/create-location', company.adminToken, { Location: { ...location, StoreCode: storeCode.toLowerCase() } });
    expect(again.status).toBe(409);
    expect(again.body.ApiError.ErrorCode).toBe('LOCATION.STORE_CODE_TAKEN');

    await stack.waitForProjections();
    const details = await call('GET', `/api/gmb/${createdId}/location`, company.userToken);
    expect(details.body.Data.Location).toMatchObject({
      Title: 'Locus Test Dental',
      StoreCode: storeCode,
      PrimaryEmail: null,
      AdditionalPhoneNumbers: ['(303) 555-0148'],
      IsPublishedOnGMB: false,
      LocationName: null,
      OpenStatus: 'Unpublished',
      PrimaryCategory: { Name: dentist.Name, DisplayName: dentist.DisplayName },
      Attributes: { IsWomenOwned: true, FreeParkingLot: true },
    });
    const monday = details.body.Data.Location.LocationBusinessHours.find((h: any) => h.OpenDay === 'MONDAY');
    expect(monday).toMatchObject({ IsOpen: true, OpenTimeHours: 9, CloseTimeHours: 17, CloseTimeMinutes: 30 });
    expect(details.body.Data.Location.LocationBusinessHours.find((h: any) => h.OpenDay === 'SUNDAY').IsOpen).toBe(false);
  });

  it('publishes the location on Google', async () => {
    const before = (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === 'Summit Insurance Partners')!.locationCount;
    const published = await call('POST', `/api/gmb/publish-location/${createdId}`, company.adminToken);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.ResponseMessage).toBe('Your location has been published successfully.');
    expect((await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === 'Summit Insurance Partners')!.locationCount).toBe(before + 1);
    const twice = await call('POST', `/api/gmb/publish-location/${createdId}`, company.adminToken);
    expect(twice.status).toBe(422);
    await stack.waitForProjections();
    const row = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, { globalFilter: storeCode });
    expect(row.body.data[0]).toMatchObject({
      Id: createdId,
      IsPublishedOnGMB: true,
      OpenStatus: 'Published',
      LocationName: expect.stringMatching(/^locations\//),
    });
  });

  it('edits the hours (sent to Google) and syncs them back', async () => {
    const hours = await call('POST', `/api/gmb/${createdId}/regularHours`, company.userToken, {
      Periods: [
        { OpenDay: 'TUESDAY', OpenTimeHours: 8, OpenTimeMinutes: 30, CloseTimeHours: 12, CloseTimeMinutes: 0 },
        { OpenDay: 'WEDNESDAY', IsOpen: false, OpenTimeHours: 0, OpenTimeMinutes: 0, CloseTimeHours: 0, CloseTimeMinutes: 0 },
      ],
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect(hours.body.ResponseMessage).toBe('Your location regular hours have been updated successfully');
    const quarter = await call('POST', `/api/gmb/${createdId}/regularHours`, company.userToken, {
      Periods: [{ OpenDay: 'TUESDAY', OpenTimeHours: 8, OpenTimeMinutes: 15, CloseTimeHours: 12, CloseTimeMinutes: 0 }],
    });
    expect(quarter.status).toBe(400);
    // The edit reaches Google (pending count back to 0, no error).
    await eventually(async () => {
      await stack.waitForProjections();
      const d = (await call('GET', `/api/gmb/${createdId}/location`, company.userToken)).body.Data.Location;
      return d.PendingGoogleEdits === 0 && d.GoogleError === null;
    }, 'the hours to reach Google');
    const synced = await call('POST', `/api/gmb/${createdId}/sync`, company.userToken);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.ResponseMessage).toBe('Your location has been synchronized');
    await stack.waitForProjections();
    const d = (await call('GET', `/api/gmb/${createdId}/location`, company.userToken)).body.Data.Location;
    expect(d.LastSyncDate).not.toBeNull();
    expect(d.LocationBusinessHours.filter((h: any) => h.IsOpen)).toEqual([
      { OpenDay: 'TUESDAY', CloseDay: 'TUESDAY', IsOpen: true, OpenTimeHours: 8, OpenTimeMinutes: 30, CloseTimeHours: 12, CloseTimeMinutes: 0 },
    ]);
    // Local-only fields survive the sync.
    expect(d.StoreCode).toBe(storeCode);
  });

  it('assigns a primary owner, demoting the previous one', async () => {
    const assign = await call('POST', '/api/users/assign-location', company.adminToken, {
      UserId: company.userId,
      LocationId: createdId,
      IsPrimaryOwner: true,
      IsStaffMember: false,
    });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    await stack.waitForProjections();
    const owner = await call('GET', `/api/users/primaryOwner/${createdId}`, company.adminToken);
    expect(owner.body).toMatchObject({
      Success: true,
      Data: { Id: company.userId, Name: 'Uma User' },
      ResponseMessage: 'Uma User is currently the primary owner of this location.',
    });
    const row = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.userToken, { globalFilter: 'uma user' });
    expect(row.body.data.map((r: any) => r.Id)).toEqual([createdId]);
    expect(row.body.data[0].PrimaryOwner).toEqual({ Id: company.userId, Name: 'Uma User' });
    expect(row.body.data[0].UserLocationId).toBe(`${createdId}:${company.userId}`);

    const overwrite = await call('POST', '/api/users/assign-location', company.adminToken, {
      UserId: company.adminId,
      LocationId: createdId,
      IsPrimaryOwner: true,
      IsStaffMember: false,
    });
    expect(overwrite.status).toBe(200);
    await stack.waitForProjections();
    const users = await call('GET', `/api/gmb/${createdId}/users`, company.adminToken);
    expect(users.body.Data).toMatchObject({ PrimaryOwnerId: company.adminId, LocationCoownerIds: [company.userId], StaffUserIds: [] });
    const panel = await call('GET', `/api/users/${company.userId}/locations`, company.adminToken);
    expect(panel.body.Data).toHaveLength(1);
    expect(panel.body.Data[0]).toMatchObject({ Badge: 'Co-owner', IsPrimaryOwner: false, Location: { Id: createdId, Title: 'Locus Test Dental' } });

    const unassign = await call('DELETE', `/api/users/${company.userId}/locations/${createdId}`, company.adminToken);
    expect(unassign.status).toBe(200);
    expect((await call('DELETE', `/api/users/${company.userId}/locations/${createdId}`, company.adminToken)).status).toBe(404);
  });

  it('deletes the location on Google too', async () => {
    const before = (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === 'Summit Insurance Partners')!.locationCount;
    const deleted = await call('DELETE', `/api/gmb/delete-location/${createdId}?deleteFromGoogle=true`, company.adminToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.ResponseMessage).toBe('Location Deleted Successfully');
    expect((await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === 'Summit Insurance Partners')!.locationCount).toBe(before - 1);
    await stack.waitForProjections();
    expect((await call('GET', `/api/gmb/${createdId}/location`, company.adminToken)).status).toBe(404);
    // Its store code is free again.
    const { code } = { code: storeCode };
    const accounts = await call('GET', '/api/gmb/gmbAccounts', company.adminToken);
    const categories = await call('GET', '/api/gmb/categories', company.adminToken);
    const recreated = await call('POST', '/api/gmb/create-location', company.adminToken, {
      Location: {
        AccountId: accounts.body.Data[0].Name,
        Title: 'Again',
        PrimaryPhoneNumber: '(303) 555-0100',
        Region: 'US',
        Latitude: 39.7,
        Longitude: -104.9,
        PrimaryCategoryId: categories.body.Data[0].Name,
        StoreCode: code,
        StreetAddressLine1: '1600 Glenarm Pl',
        State: 'CO',
        Town: 'Denver',
        PostCode: '80202',
        OpeningDate: '2020-05-01',
      },
    });
    expect(recreated.status, JSON.stringify(recreated.body)).toBe(200);
  });

  it('disconnects the account: its locations leave the read models', async () => {
    const accounts = await call('GET', '/api/gmb/gmbAccounts', company.adminToken);
    const name = accounts.body.Data[0].Name as string;
    const res = await call('POST', `/api/disconnectGMBAccount/disconnect/${encodeURIComponent(name)}`, company.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ResponseMessage).toBe('The selected account has been disconnected');
    await stack.waitForProjections();
    expect((await call('GET', '/api/gmb/gmbAccounts', company.adminToken)).body.Data).toEqual([]);
    const dir = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, {});
    expect(dir.body.totalResultsCount).toBe(0);
    expect((await call('POST', `/api/disconnectGMBAccount/disconnect/${encodeURIComponent(name)}`, company.adminToken)).status).toBe(404);
  });
});
