import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignLocationRoute,
  authCallbackRoute,
  categoriesRoute,
  citiesRoute,
  CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION,
  connectionProcessRoute,
  connectTokenUrlRoute,
  createLocationRoute,
  disconnectAccountRoute,
  getAttributesRoute,
  getLocationRoute,
  listConnectedAccountsRoute,
  locationsSummaryRoute,
  locationUsersRoute,
  primaryOwnerRoute,
  publishLocationRoute,
  regularHoursRoute,
  statesRoute,
  subjects,
  syncLocationRoute,
  unassignLocationRoute,
  updateLocationRoute,
  userLocationsRoute,
  type ConnectAccountsProgress,
  type NotificationMessage,
  type RequestInput,
} from '@locus/contracts';
import { apiSpec } from '@locus/tests/stack/api-spec';
import { eventually } from '@locus/tests/stack/eventually';
import { consentAs, sandboxDirectory } from '../connections/sandbox-consent';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

/**
 * The locations API over HTTP against the Google sandbox, as specifications: each test builds
 * its own given state (its own company, Google connection and locations) on the shared stack,
 * sends one request, and checks the answer, the events it appended and what the read models
 * and Google show after it. No test depends on another or on their order.
 */

const SUMMIT = 'Summit Insurance Partners';
const AVERY = 'avery.johnson@gmail.com';
/** The smallest account a sandbox user owns (20 locations): the given of the tests that make their own locations. */
const SALON = { googleUserEmail: 'priya.patel.health@gmail.com', accountName: 'Bloom & Co. Salon' };

let stack: LocationsTestStack;
type Company = Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

const spec = () => apiSpec(stack.test);
/** Polls until `check` gives a value (no timing is asserted; the bound only stops a hung test). */
const until = <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000) =>
  eventually(check, { what, timeoutMs, intervalMs: 50 });
const summary = (c: Company, body: RequestInput<typeof locationsSummaryRoute, 'body'>, token = c.adminToken) =>
  stack.test.send(locationsSummaryRoute, { params: { companyId: c.companyId }, body, token });
const locationOf = (c: Company, id: string) => stack.test.send(getLocationRoute, { params: { id }, token: c.adminToken });
const accountsOf = async (c: Company) => (await stack.test.send(listConnectedAccountsRoute, { token: c.adminToken })).body.Data;

const inSandbox = async (accountName: string) => (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === accountName)!;
const summitInSandbox = () => inSandbox(SUMMIT);

// ---- Given steps -------------------------------------------------------------------------

/** The company's admin asked for the consent URL and Avery consented on the Google sandbox. */
const consented = (c: Company) => async () => {
  const { RedirectUrl, ErrorMessage } = (await stack.test.send(connectTokenUrlRoute, { token: c.adminToken })).body;
  if (!RedirectUrl) throw new Error(ErrorMessage ?? 'Google cannot be connected');
  return consentAs(RedirectUrl, AVERY);
};

/** …and the callback opened a connection process listing Avery's accounts. */
const connectionProcess = (c: Company) => async () => {
  const { code, state } = await consented(c)();
  const cb = await stack.test.send(authCallbackRoute, { body: { Code: code, State: state }, token: null });
  if (cb.status !== 200) throw new Error(`callback answered ${cb.status}: ${cb.text}`);
  return { processId: cb.body.ProcessId! };
};

/** The company's admin connected a sandbox Google account (default Avery's Summit) and its locations were imported. */
const googleConnected =
  (c: Company, account: { googleUserEmail: string; accountName: string } = { googleUserEmail: AVERY, accountName: SUMMIT }) =>
  () =>
    stack.googleImported(c, account);
const summitConnected = (c: Company) => googleConnected(c);
const salonConnected = (c: Company) => googleConnected(c, SALON);

/** The choices the create form offers: the connected account, the categories (cached once connected), Denver. */
const formChoices = (c: Company) => async () => {
  const categories = await until(async () => {
    const r = await stack.test.send(categoriesRoute, { token: c.adminToken });
    return r.body.Data?.length ? r.body : null;
  }, 'categories to be cached');
  const states = (await stack.test.send(statesRoute, { token: c.userToken })).body;
  const cities = (await stack.test.send(citiesRoute, { params: { state: 'CO' }, token: c.userToken })).body;
  const accounts = await accountsOf(c);
  const dentist = categories.Data!.find((x) => x.DisplayName === 'Dentist') ?? categories.Data![0]!;
  const denver = cities.Data.find((x) => x.Name === 'Denver')!;
  return { categories, states, dentist, denver, accountId: accounts[0]!.Id };
};

/** Valid choices for a request refused before any is looked up. */
const someChoices: LocationChoices = {
  accountId: '00000000-0000-4000-8000-000000000001',
  dentist: { Name: 'categories/gcid:dentist' },
  denver: { Latitude: 39.74, Longitude: -104.99 },
};

let codes = 0;
const newStoreCode = () => `NEW-${Date.now().toString(36).toUpperCase()}-${++codes}`;

interface LocationChoices {
  accountId: string;
  dentist: { Name: string };
  denver: { Latitude: number; Longitude: number };
}

function newLocation(choices: LocationChoices, storeCode: string) {
  return {
    AccountId: choices.accountId,
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
    Latitude: choices.denver.Latitude,
    Longitude: choices.denver.Longitude,
    Website: 'https://locus-dental.example.com',
    ProfileDescription: 'Family dentistry in downtown Denver.',
    OpeningDate: '2020-05-01',
    PrimaryCategoryId: choices.dentist.Name,
    SelectedAdditionalCategories: [],
    LocationBusinessHours: [
      { OpenDay: 'Monday', IsOpen: true, OpenTimeHours: 9, OpenTimeMinutes: 0, CloseTimeHours: 17, CloseTimeMinutes: 30 },
      { OpenDay: 'Sunday', IsOpen: false },
    ],
    IsWomenOwned: true,
    FreeParkingLot: true,
  };
}

/** A location created through the API (Summit connected), optionally published on Google. */
const locationCreated =
  (c: Company, options: { published?: boolean } = {}) =>
  async () => {
    const storeCode = newStoreCode();
    const created = await stack.test.send(createLocationRoute, { body: { Location: newLocation(await formChoices(c)(), storeCode) }, token: c.adminToken });
    if (created.status !== 200) throw new Error(`create answered ${created.status}: ${created.text}`);
    const id = created.body.Data.Id;
    if (options.published) {
      const published = await stack.test.send(publishLocationRoute, { params: { id }, token: c.adminToken });
      if (published.status !== 200) throw new Error(`publish answered ${published.status}: ${published.text}`);
    }
    return { id, storeCode };
  };

// ---- Specifications ----------------------------------------------------------------------

describe('connecting a Google account over HTTP', () => {
  it('offers a company admin the Google consent URL for business.manage, offline', async () => {
    const c = await stack.seedCompany();
    const { answer } = await spec()
      .given()
      .when({ method: 'GET', path: '/api/gmb/token-url', token: c.adminToken })
      .then({ status: 200, body: { Success: true, CanConnect: true, HasGMBCredentials: true, ErrorMessage: null } }, []);
    const redirect = new URL(answer.body.RedirectUrl);
    expect(redirect.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/business.manage');
    expect(redirect.searchParams.get('access_type')).toBe('offline');
  });

  it('opens a connection process listing the Google accounts on the callback; a state serves once', async () => {
    const c = await stack.seedCompany();
    const { answer, given } = await spec()
      .given(consented(c))
      .when(([{ code, state }]) => ({ method: 'POST', path: '/api/auth/callback', token: null, body: { Code: code, State: state } }))
      .then({ status: 200, body: { Success: true, IsNewCompanyCreated: false, JustLoggingInUsingGoogleLoginBtn: false, Token: null } }, [
        { type: 'GoogleAuthorizationGranted' },
      ]);
    // The same state cannot be used twice.
    const [{ code, state }] = given;
    expect((await stack.test.send(authCallbackRoute, { body: { Code: code, State: state }, token: null })).status).toBeGreaterThanOrEqual(400);
    const proc = await stack.test.send(connectionProcessRoute, { params: { processId: answer.body.ProcessId }, token: c.adminToken });
    expect(proc.status).toBe(200);
    expect(proc.body.Data.Accounts.find((a) => a.AccountName === SUMMIT)).toBeDefined();
  });

  it('connects the chosen account and imports it with live progress to 100 %, keeping Google tokens out of events in clear', async () => {
    const c = await stack.seedCompany();
    const progress: ConnectAccountsProgress[] = [];
    stack.deps.bus.subscribe(subjects.companyNotification(c.companyId, CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION), (m) => {
      progress.push((m.data as NotificationMessage<ConnectAccountsProgress>).payload);
    });
    const summit = await summitInSandbox();
    await spec()
      .given(connectionProcess(c))
      .when(([{ processId }]) => ({
        method: 'POST',
        path: `/api/gmb/connect-accounts/${processId}`,
        token: c.adminToken,
        body: { SelectedAccounts: [summit.name] },
      }))
      .then({ status: 200, body: { ResponseMessage: 'Your account has been successfully connected' } }, [
        { type: 'GoogleAccountConnected', data: { companyId: c.companyId } },
        { type: 'LocationsImportRequested' },
      ]);

    await until(async () => progress.some((p) => p.progressPercentage === 100), 'import to reach 100 %', 60_000);
    const percents = progress.map((p) => p.progressPercentage);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.filter((p) => p === 100).length).toBe(1);
    const withLocation = progress.filter((p) => p.currentLocation);
    expect(withLocation.length).toBe(summit.locationCount);
    expect(withLocation[0]!.currentLocation).toMatchObject({ locationTitle: expect.any(String), locationAddressLine1: expect.any(String) });

    const all = JSON.stringify((await stack.eventStore.readAll()).map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })));
    expect(all).not.toMatch(/ya29\./);
    expect(all).not.toMatch(/"1\/\/0/);
    expect(all).toContain('sealedCredentials');
  }, 90_000);

  it('disconnects the account: its locations leave the read models', async () => {
    const c = await stack.seedCompany();
    const { given } = await spec()
      .given(salonConnected(c), async () => (await accountsOf(c))[0]!.Name)
      .when(([, name]) => ({ method: 'POST', path: `/api/disconnectGMBAccount/disconnect/${encodeURIComponent(name)}`, token: c.adminToken }))
      .then({ status: 200, body: { ResponseMessage: 'The selected account has been disconnected' } }, [{ type: 'GoogleAccountDisconnected' }]);
    expect(await accountsOf(c)).toEqual([]);
    const dir = await summary(c, {});
    expect(dir.body.totalResultsCount).toBe(0);
    expect((await stack.test.send(disconnectAccountRoute, { params: { name: given[1] }, token: c.adminToken })).status).toBe(404);
  });
});

describe('the imported locations over HTTP', () => {
  it('lists the account and sorts the directory by store code', async () => {
    const c = await stack.seedCompany();
    const { answer, given } = await spec()
      .given(summitConnected(c))
      .when({
        method: 'POST',
        path: `/api/gmb/${c.companyId}/locations-summary`,
        token: c.adminToken,
        body: { first: 0, rows: 25, sortField: 'StoreCode', sortOrder: 1 },
      })
      .then({ status: 200 }, []);
    const total = given[0].locations;
    expect(answer.body.totalResultsCount).toBe(total);
    expect(answer.body.data).toHaveLength(Math.min(25, total));
    const storeCodes = answer.body.data.map((r: { StoreCode: string }) => r.StoreCode.toLowerCase());
    expect(storeCodes).toEqual([...storeCodes].sort());
    const accounts = await accountsOf(c);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ AccountName: SUMMIT, GoogleUserEmail: AVERY, Source: 'Google', TotalLocations: total });
  });

  it('finds an imported location by its store code in any case; another company id is not found', async () => {
    const c = await stack.seedCompany();
    const target = async () => (await summary(c, { rows: 25, sortField: 'StoreCode', sortOrder: 1 })).body.data[3]!;
    const { answer, given } = await spec()
      .given(salonConnected(c), target)
      .when(([, row]) => ({
        method: 'POST',
        path: `/api/gmb/${c.companyId}/locations-summary`,
        token: c.adminToken,
        body: { first: 0, rows: 25, globalFilter: row.StoreCode!.toUpperCase() },
      }))
      .then({ status: 200, body: { filteredResultsCount: 1 } }, []);
    expect(answer.body.data[0]).toMatchObject({ Id: given[1].Id, IsPublishedOnGMB: true, OpenStatus: 'Published' });
    // Another company's id is not found for a company user.
    const elsewhere = { params: { companyId: '00000000-0000-4000-8000-000000000000' }, body: {}, token: c.adminToken };
    expect((await stack.test.send(locationsSummaryRoute, elsewhere)).status).toBe(404);
  });

  it('records a change Google refuses as a visible error on the location', async () => {
    const c = await stack.seedCompany();
    const insuranceAgency = async () => {
      const row = (await summary(c, { rows: 1 })).body.data[0]!;
      return (await locationOf(c, row.Id)).body.Data.Location;
    };
    const { given } = await spec()
      .given(summitConnected(c), insuranceAgency)
      // An insurance agency cannot carry appointment links: Google answers 400.
      .when(([, location]) => ({
        method: 'POST',
        path: `/api/gmb/${location.Id}/attributes`,
        token: c.adminToken,
        body: { Attributes: {}, PlacePageUrls: { UrlAppointment: 'https://book.example.com' } },
      }))
      .then({ status: 200 }, [{ type: 'LocationAttributesUpdated', data: { urls: { UrlAppointment: 'https://book.example.com' } } }]);
    const id = given[1].Id;
    expect(given[1].PrimaryCategory?.Name).not.toMatch(/dentist|dental|clinic|salon|spa|doctor|lawyer|attorney/);
    const failed = await until(async () => {
      await stack.waitForProjections();
      const d = (await locationOf(c, id)).body.Data.Location;
      return d.GoogleError ? d : null;
    }, 'the Google error to show');
    expect(failed.GoogleError).toMatch(/url_appointment/);
    expect(failed.PendingGoogleEdits).toBe(0);
    const row = (await summary(c, { rows: 1 })).body.data[0]!;
    expect(row.GoogleError).toBe(failed.GoogleError);
    const attrs = await stack.test.send(getAttributesRoute, { params: { id }, token: c.adminToken });
    // The request named one URL: it is set, and the location's other URLs stay.
    expect(attrs.body.Data.PlacePageUrls).toMatchObject({ UrlAppointment: 'https://book.example.com' });
    expect(Object.keys(attrs.body.Data.PlacePageUrls).length).toBeGreaterThan(1);
  });
});

describe('creating and managing a location over HTTP', () => {
  it('names the invalid fields of a new location', async () => {
    const c = await stack.seedCompany();
    const { answer } = await spec()
      .given()
      .when({
        method: 'POST',
        path: '/api/gmb/create-location',
        token: c.adminToken,
        body: { Location: { ...newLocation(someChoices, newStoreCode()), Title: '', Latitude: 'x' } },
      })
      .then({ status: 400 }, []);
    expect(answer.body.ApiError.Fields.map((f: { Field: string }) => f.Field)).toEqual(expect.arrayContaining(['Location.Title', 'Location.Latitude']));
  });

  it('creates a location with the spec fields', async () => {
    const c = await stack.seedCompany();
    const storeCode = newStoreCode();
    const { answer, given } = await spec()
      .given(salonConnected(c), formChoices(c))
      .when(([, choices]) => ({ method: 'POST', path: '/api/gmb/create-location', token: c.adminToken, body: { Location: newLocation(choices, storeCode) } }))
      .then({ status: 200, body: { ResponseMessage: 'Your location has been created successfully.' } }, [
        { type: 'StoreCodeReserved' },
        { type: 'LocationCreated', data: { companyId: c.companyId, profile: { StoreCode: storeCode, Title: 'Locus Test Dental' } } },
      ]);
    const { categories, states, dentist, denver } = given[1];
    expect(categories.IsUnauthorized).toBe(false);
    expect(states.Data).toContainEqual({ Name: 'Colorado', StateCode: 'CO' });
    expect(denver.Latitude).toBeCloseTo(39.74, 1);

    const details = await locationOf(c, answer.body.Data.Id);
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
    const hours = details.body.Data.Location.LocationBusinessHours;
    expect(hours.find((h) => h.OpenDay === 'MONDAY')).toMatchObject({ IsOpen: true, OpenTimeHours: 9, CloseTimeHours: 17, CloseTimeMinutes: 30 });
    expect(hours.find((h) => h.OpenDay === 'SUNDAY')?.IsOpen).toBe(false);
  });

  it('refuses a second location with the same StoreCode in the company, in any case', async () => {
    const c = await stack.seedCompany();
    await spec()
      .given(salonConnected(c), locationCreated(c), formChoices(c))
      .when(([, created, choices]) => ({
        method: 'POST',
        path: '/api/gmb/create-location',
        token: c.adminToken,
        body: { Location: newLocation(choices, created.storeCode.toLowerCase()) },
      }))
      .then({ status: 409, body: { ApiError: { ErrorCode: 'LOCATION.STORE_CODE_TAKEN' } } }, []);
  });

  it('publishes the location on Google, once', async () => {
    const c = await stack.seedCompany();
    const { given } = await spec()
      .given(salonConnected(c), locationCreated(c), async () => (await inSandbox(SALON.accountName)).locationCount)
      .when(([, created]) => ({ method: 'POST', path: `/api/gmb/publish-location/${created.id}`, token: c.adminToken }))
      .then({ status: 200, body: { ResponseMessage: 'Your location has been published successfully.' } }, [
        { type: 'LocationPublishRequested' },
        { type: 'LocationPublished' },
      ]);
    const [, created, before] = given;
    expect((await inSandbox(SALON.accountName)).locationCount).toBe(before + 1);
    expect((await stack.test.send(publishLocationRoute, { params: { id: created.id }, token: c.adminToken })).status).toBe(422);
    const row = await summary(c, { globalFilter: created.storeCode });
    expect(row.body.data[0]).toMatchObject({
      Id: created.id,
      IsPublishedOnGMB: true,
      OpenStatus: 'Published',
      LocationName: expect.stringMatching(/^locations\//),
    });
  });

  it('edits the hours (sent to Google) and syncs them back', async () => {
    const c = await stack.seedCompany();
    const { given } = await spec()
      .given(salonConnected(c), locationCreated(c, { published: true }))
      .when(([, created]) => ({
        method: 'POST',
        path: `/api/gmb/${created.id}/regularHours`,
        token: c.adminToken,
        body: {
          Periods: [
            { OpenDay: 'TUESDAY', OpenTimeHours: 8, OpenTimeMinutes: 30, CloseTimeHours: 12, CloseTimeMinutes: 0 },
            { OpenDay: 'WEDNESDAY', IsOpen: false, OpenTimeHours: 0, OpenTimeMinutes: 0, CloseTimeHours: 0, CloseTimeMinutes: 0 },
          ],
        },
      }))
      .then({ status: 200, body: { ResponseMessage: 'Your location regular hours have been updated successfully' } }, [{ type: 'LocationHoursUpdated' }]);
    const [, { id, storeCode }] = given;
    const quarter = await stack.test.send(regularHoursRoute, {
      params: { id },
      body: { Periods: [{ OpenDay: 'TUESDAY', OpenTimeHours: 8, OpenTimeMinutes: 15, CloseTimeHours: 12, CloseTimeMinutes: 0 }] },
      token: c.adminToken,
    });
    expect(quarter.status).toBe(400);
    // The edit reaches Google (pending count back to 0, no error).
    await until(async () => {
      await stack.waitForProjections();
      const d = (await locationOf(c, id)).body.Data.Location;
      return d.PendingGoogleEdits === 0 && d.GoogleError === null;
    }, 'the hours to reach Google');
    const synced = await stack.test.send(syncLocationRoute, { params: { id }, token: c.adminToken });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body.ResponseMessage).toBe('Your location has been synchronized');
    await stack.waitForProjections();
    const d = (await locationOf(c, id)).body.Data.Location;
    expect(d.LastSyncDate).not.toBeNull();
    expect(d.LocationBusinessHours.filter((h) => h.IsOpen)).toEqual([
      { OpenDay: 'TUESDAY', CloseDay: 'TUESDAY', IsOpen: true, OpenTimeHours: 8, OpenTimeMinutes: 30, CloseTimeHours: 12, CloseTimeMinutes: 0 },
    ]);
    // Local-only fields survive the sync.
    expect(d.StoreCode).toBe(storeCode);
  });

  it('an edit that resends the state and city keeps the pin: Google is sent the website alone', async () => {
    const c = await stack.seedCompany();
    // A pin of its own, off the city centre the location was created at.
    const pin = { latitude: 39.761321, longitude: -104.978455 };
    const pinnedLocation = async () => {
      const created = await locationCreated(c, { published: true })();
      const res = await stack.test.send(updateLocationRoute, {
        params: { id: created.id },
        body: { Latitude: pin.latitude, Longitude: pin.longitude },
        token: c.adminToken,
      });
      if (res.status !== 200) throw new Error(`pin answered ${res.status}`);
      return created;
    };
    const website = 'https://only-the-website.example.com';
    const { given } = await spec()
      .given(salonConnected(c), pinnedLocation)
      .when(([, created]) => ({
        method: 'POST',
        path: `/api/gmb/${created.id}/update`,
        token: c.adminToken,
        body: { State: 'CO', Town: 'Denver', Website: website },
      }))
      .then({ status: 200 }, [{ type: 'LocationUpdated', data: { changed: ['Website'] } }]);
    const id = given[1].id;
    const d = await until(async () => {
      await stack.waitForProjections();
      const loc = (await locationOf(c, id)).body.Data.Location;
      return loc.PendingGoogleEdits === 0 && loc.Website === website ? loc : null;
    }, 'the website to reach Google');
    expect([d.Latitude, d.Longitude]).toEqual([pin.latitude, pin.longitude]);
    const onGoogle = stack.sandbox.google!.store.state.locations[String(d.LocationName).replace('locations/', '')]!.resource as Record<string, any>;
    expect(onGoogle.latlng).toEqual(pin);
    expect(onGoogle.websiteUri).toBe(website);
    const masks = (await stack.test.allEvents())
      .filter((e) => e.type === 'LocationGoogleUpdateSucceeded' && (e.data as { locationId: string }).locationId === id)
      .map((e) => (e.data as { updateMask: string }).updateMask);
    expect(masks.at(-1)).toBe('websiteUri');
  });

  it('assigns a primary owner, demoting the previous one; unassigns once', async () => {
    const c = await stack.seedCompany();
    const { given } = await spec()
      .given(salonConnected(c), locationCreated(c, { published: true }))
      .when(([, created]) => ({
        method: 'POST',
        path: '/api/users/assign-location',
        token: c.adminToken,
        body: { UserId: c.userId, LocationId: created.id, IsPrimaryOwner: true, IsStaffMember: false },
      }))
      .then({ status: 200 }, [{ type: 'UserAssignedToLocation', data: { userId: c.userId, userName: 'Uma User', isPrimaryOwner: true } }]);
    const createdId = given[1].id;
    const owner = await stack.test.send(primaryOwnerRoute, { params: { locationId: createdId }, token: c.adminToken });
    expect(owner.body).toMatchObject({
      Success: true,
      Data: { Id: c.userId, Name: 'Uma User' },
      ResponseMessage: 'Uma User is currently the primary owner of this location.',
    });
    const row = await summary(c, { globalFilter: 'uma user' }, c.userToken);
    expect(row.body.data.map((r) => r.Id)).toEqual([createdId]);
    expect(row.body.data[0]!.PrimaryOwner).toEqual({ Id: c.userId, Name: 'Uma User' });
    expect(row.body.data[0]!.UserLocationId).toBe(`${createdId}:${c.userId}`);

    const overwrite = await stack.test.send(assignLocationRoute, {
      body: { UserId: c.adminId, LocationId: createdId, IsPrimaryOwner: true, IsStaffMember: false },
      token: c.adminToken,
    });
    expect(overwrite.status).toBe(200);
    await stack.waitForProjections();
    const users = await stack.test.send(locationUsersRoute, { params: { id: createdId }, token: c.adminToken });
    expect(users.body.Data).toMatchObject({ PrimaryOwnerId: c.adminId, LocationCoownerIds: [c.userId], StaffUserIds: [] });
    const panel = await stack.test.send(userLocationsRoute, { params: { userId: c.userId }, token: c.adminToken });
    expect(panel.body.Data).toHaveLength(1);
    expect(panel.body.Data[0]).toMatchObject({ Badge: 'Co-owner', IsPrimaryOwner: false, Location: { Id: createdId, Title: 'Locus Test Dental' } });

    const unassign = () => stack.test.send(unassignLocationRoute, { params: { userId: c.userId, locationId: createdId }, token: c.adminToken });
    expect((await unassign()).status).toBe(200);
    expect((await unassign()).status).toBe(404);
  });

  it('deletes the location on Google too, freeing its store code', async () => {
    const c = await stack.seedCompany();
    const { given } = await spec()
      .given(salonConnected(c), locationCreated(c, { published: true }), async () => (await inSandbox(SALON.accountName)).locationCount)
      .when(([, created]) => ({ method: 'DELETE', path: `/api/gmb/delete-location/${created.id}?deleteFromGoogle=true`, token: c.adminToken }))
      .then({ status: 200, body: { ResponseMessage: 'Location Deleted Successfully' } }, [
        { type: 'LocationDeleteRequested' },
        { type: 'LocationDeleted', data: { deletedFromGoogle: true } },
      ]);
    const [, created, before] = given;
    expect((await inSandbox(SALON.accountName)).locationCount).toBe(before - 1);
    expect((await locationOf(c, created.id)).status).toBe(404);
    // Its store code is free again.
    const accounts = await accountsOf(c);
    const categories = await stack.test.send(categoriesRoute, { token: c.adminToken });
    const recreated = await stack.test.send(createLocationRoute, {
      token: c.adminToken,
      body: {
        Location: {
          AccountId: accounts[0]!.Name,
          Title: 'Again',
          PrimaryPhoneNumber: '(303) 555-0100',
          Region: 'US',
          Latitude: 39.7,
          Longitude: -104.9,
          PrimaryCategoryId: categories.body.Data![0]!.Name,
          StoreCode: created.storeCode,
          StreetAddressLine1: '1600 Glenarm Pl',
          State: 'CO',
          Town: 'Denver',
          PostCode: '80202',
          OpeningDate: '2020-05-01',
        },
      },
    });
    expect(recreated.status, recreated.text).toBe(200);
  });
});
