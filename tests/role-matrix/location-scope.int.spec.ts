import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewStream, SYSTEM_ACTOR, type EventMetadata } from '@locus/contracts';
import { openCompany } from '@locus/command-api/users/open-company';
import { createCompanyUser } from '@locus/command-api/users/user-accounts';
import { reviewReceived } from '@locus/command-api/reviews/testing/review-events';
import { startTestStack, type TestStack } from '../stack/test-stack';
import { connectAccount, createLocation } from './fixtures/locations';

/**
 * One company, three published locations with a review each: Olive co-owns the first, Sam staffs
 * the second, Xena co-owns the third, Una holds none; the auditor and the admin see the company.
 * Every list a company user reads (directory, its export, the pickers, reviews, their counts,
 * the dashboard) holds exactly the caller's locations, and details agree with them.
 */
let stack: TestStack;
const ids = { companyId: '', locations: [] as string[], titles: [] as string[] };
const tokens: Record<'admin' | 'auditor' | 'owner' | 'staff' | 'unassigned', string> = { admin: '', auditor: '', owner: '', staff: '', unassigned: '' };

const meta = (companyId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

beforeAll(async () => {
  stack = await startTestStack({ sessionValidation: false });
  const companyId = randomUUID();
  const adminId = randomUUID();
  await openCompany(
    stack.commandDeps,
    {
      companyId,
      companyName: 'Scope Co',
      source: 'seed',
      defaultAdmin: {
        userId: adminId,
        firstName: 'Ada',
        lastName: 'Admin',
        email: `ada-${adminId.slice(0, 6)}@scope.test`,
        phoneNumber: '',
        passwordHash: null,
      },
    },
    meta(companyId),
  );
  const member = async (firstName: string, role: 'CompanyUser' | 'CompanyAuditor' = 'CompanyUser') => {
    const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@scope.test`;
    const { userId } = await createCompanyUser(
      stack.commandDeps,
      { companyId, FirstName: firstName, LastName: 'Scope', Email: email, PhoneNumber: '555-0100', role, password: 'Scope-Password-1', source: 'seed' },
      meta(companyId),
    );
    return { userId, token: await stack.tokenFor(role, companyId, { userId }) };
  };
  const [olive, sam, xena, una, audrey] = [
    await member('Olive'),
    await member('Sam'),
    await member('Xena'),
    await member('Una'),
    await member('Audrey', 'CompanyAuditor'),
  ];
  tokens.admin = await stack.tokenFor('CompanyAdmin', companyId, { userId: adminId });
  Object.assign(tokens, { auditor: audrey.token, owner: olive.token, staff: sam.token, unassigned: una.token });

  const account = await connectAccount(stack, companyId, adminId);
  ids.companyId = companyId;
  for (let i = 0; i < 3; i++) {
    const locationId = await createLocation(stack, companyId, account, true);
    ids.locations.push(locationId);
    const review = reviewReceived({ companyId, locationId, stars: 3 + i });
    await stack.eventStore.append(reviewStream(review.data.reviewId), [{ id: randomUUID(), ...review, metadata: meta(companyId) }]);
  }
  await stack.waitForProjections();
  const assign = async (userId: string, locationId: string, IsStaffMember: boolean) => {
    const res = await stack.call('POST', '/api/users/assign-location', {
      token: tokens.admin,
      body: { UserId: userId, LocationId: locationId, IsStaffMember },
    });
    expect(res.status, res.text).toBe(200);
  };
  await assign(olive.userId, ids.locations[0]!, false);
  await assign(sam.userId, ids.locations[1]!, true);
  await assign(xena.userId, ids.locations[2]!, false);
  await stack.waitForProjections();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

type Who = keyof typeof tokens;
/** Which of the three locations each caller sees. */
const SEES: Record<Who, number[]> = { admin: [0, 1, 2], auditor: [0, 1, 2], owner: [0], staff: [1], unassigned: [] };
const CALLERS = Object.keys(SEES) as Who[];
const expected = (who: Who) => SEES[who].map((i) => ids.locations[i]!).sort();

async function get<T>(who: Who, method: string, path: string, body?: unknown): Promise<T> {
  const res = await stack.call(method, path, { token: tokens[who], body });
  expect(res.status, `${method} ${path} as ${who}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body as T;
}

describe('a company user sees the locations assigned to them, everywhere', () => {
  it.each(CALLERS)('directory, export and pickers hold the same locations (%s)', async (who) => {
    const page = await get<{ data: { Id: string }[]; totalResultsCount: number }>(who, 'POST', `/api/gmb/${ids.companyId}/locations-summary`, {
      first: 0,
      rows: 25,
      sortField: 'Title',
      sortOrder: 1,
    });
    expect(page.data.map((r) => r.Id).sort()).toEqual(expected(who));
    expect(page.totalResultsCount).toBe(SEES[who].length);

    const items = await get<{ Data: { LocationId: string }[] }>(who, 'GET', '/api/gmb/locations-items');
    expect(items.Data.map((l) => l.LocationId).sort()).toEqual(expected(who));

    const csv = await stack.call('GET', `/api/gmb/${ids.companyId}/locations-export`, { token: tokens[who] });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n').length - 1, csv.text).toBe(SEES[who].length);
  });

  it.each(CALLERS)('GET /api/gmb/locations and POST /api/gmb/fetch-locations cover the same locations (%s)', async (who) => {
    const list = await get<{ Data: { Id: string; Title: string }[] }>(who, 'GET', '/api/gmb/locations');
    expect(list.Data.map((l) => l.Id).sort()).toEqual(expected(who));

    const seen = expected(who);
    if (seen.length) {
      const fetched = await get<{ Data: { Id: string; Title: string }[] }>(who, 'POST', '/api/gmb/fetch-locations', { LocationIds: [...seen].reverse() });
      expect(fetched.Data.map((l) => l.Id)).toEqual([...seen].reverse());
      expect(fetched.Data.every((l) => l.Title.length > 0)).toBe(true);
    }
    // One location outside the caller's scope makes the whole request 404.
    const unseen = ids.locations.filter((id) => !seen.includes(id));
    if (unseen.length) {
      const res = await stack.call('POST', '/api/gmb/fetch-locations', { token: tokens[who], body: { LocationIds: [...seen, unseen[0]] } });
      expect(res.status, res.text).toBe(404);
    }
  });

  it('fetch-locations: an id of no location of the company is 404, an empty or malformed list a 400 naming LocationIds', async () => {
    const other = await stack.call('POST', '/api/gmb/fetch-locations', { token: tokens.admin, body: { LocationIds: [ids.locations[0], randomUUID()] } });
    expect(other.status, other.text).toBe(404);
    for (const body of [{ LocationIds: [] }, { LocationIds: 'abc' }, {}]) {
      const res = await stack.call('POST', '/api/gmb/fetch-locations', { token: tokens.admin, body });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain('LocationIds');
    }
  });

  it.each(CALLERS)('reviews and their counts cover the same locations (%s)', async (who) => {
    const page = await get<{ data: { LocationId: string }[]; totalResultsCount: number }>(who, 'POST', `/api/gmb/${ids.companyId}/reviews-lazy`, {
      first: 0,
      rows: 25,
      Params: {},
    });
    expect(page.data.map((r) => r.LocationId).sort()).toEqual(expected(who));
    const summary = await get<{ Data: { Total: number } }>(who, 'GET', `/api/gmb/${ids.companyId}/reviews-summary`);
    expect(summary.Data.Total).toBe(SEES[who].length);
  });

  it.each(CALLERS)('the dashboard counts the same locations (%s)', async (who) => {
    const dashboard = await get<{ Data: { TotalLocations: number } }>(who, 'GET', '/api/dashboard/fetch/180/false');
    expect(dashboard.Data.TotalLocations).toBe(SEES[who].length);
  });

  it.each(CALLERS)('details open for those locations only, with the right of the caller (%s)', async (who) => {
    const rights: Record<Who, string> = { admin: 'admin', auditor: 'read', owner: 'owner', staff: 'staff', unassigned: '' };
    for (const [i, locationId] of ids.locations.entries()) {
      const res = await stack.call('GET', `/api/gmb/${locationId}/location`, { token: tokens[who] });
      if (SEES[who].includes(i)) {
        expect(res.status, res.text).toBe(200);
        expect((res.body as { Data: { Access: string } }).Data.Access).toBe(rights[who]);
      } else {
        expect(res.status, `${who} opening location ${i}`).toBe(404);
      }
      const reviews = await stack.call('GET', `/api/gmb/${locationId}/location-reviews-summary`, { token: tokens[who] });
      expect(reviews.status).toBe(SEES[who].includes(i) ? 200 : 404);
    }
  });

  it('a location named in an insights body must be in scope', async () => {
    const body = { InsightsDurationDays: 30, LocationId: ids.locations[2] };
    expect((await stack.call('POST', '/api/dashboard/reviews-growth-insights', { token: tokens.owner, body })).status).toBe(404);
    expect((await stack.call('POST', '/api/dashboard/reviews-growth-insights', { token: tokens.auditor, body })).status).toBe(200);
  });

  it('a staff member edits nothing (403), nor does the auditor; an owner edits only its own locations', async () => {
    const edit = (who: Who, i: number) =>
      stack.call('POST', `/api/gmb/${ids.locations[i]}/update`, { token: tokens[who], body: { LocaleZeKeyWords: ['scope'], State: 'CO', Town: 'Denver' } });
    expect((await edit('staff', 1)).status).toBe(403);
    expect((await edit('unassigned', 1)).status).toBe(404);
    expect((await edit('owner', 2)).status).toBe(404);
    expect((await edit('auditor', 0)).status).toBe(403);
    expect((await edit('owner', 0)).status).toBe(200);
  });
});

describe("a company user assigned to a location group acts on the group's locations", () => {
  it("sees the group's locations with the group's right, including one added afterwards, and none once unassigned", async () => {
    const email = `gina-${randomUUID().slice(0, 6)}@scope.test`;
    const { userId } = await createCompanyUser(
      stack.commandDeps,
      {
        companyId: ids.companyId,
        FirstName: 'Gina',
        LastName: 'Group',
        Email: email,
        PhoneNumber: '555-0100',
        role: 'CompanyUser',
        password: 'Scope-Password-1',
        source: 'seed',
      },
      meta(ids.companyId),
    );
    const gina = await stack.tokenFor('CompanyUser', ids.companyId, { userId });
    const admin = (method: string, path: string, body?: unknown) => stack.call(method, path, { token: tokens.admin, body });
    const sees = async () => {
      const page = await stack.call('POST', `/api/gmb/${ids.companyId}/locations-summary`, {
        token: gina,
        body: { first: 0, rows: 25, sortField: 'Title', sortOrder: 1 },
      });
      expect(page.status, page.text).toBe(200);
      return (page.body as { data: { Id: string }[] }).data.map((r) => r.Id).sort();
    };
    const edit = (i: number) => stack.call('POST', `/api/gmb/${ids.locations[i]}/update`, { token: gina, body: { LocaleZeKeyWords: ['group'] } });

    const created = await admin('POST', '/api/location-groups', { Name: `East ${randomUUID().slice(0, 4)}` });
    expect(created.status, created.text).toBe(200);
    const groupId = (created.body as { Data: { Id: string } }).Data.Id;
    expect((await admin('POST', `/api/location-groups/${groupId}/locations`, { LocationIds: [ids.locations[0]] })).status).toBe(200);
    expect((await admin('POST', `/api/location-groups/${groupId}/users`, { UserId: userId, Access: 'staff' })).status).toBe(200);
    await stack.waitForProjections();
    expect(await sees()).toEqual([ids.locations[0]]);
    expect((await edit(0)).status).toBe(403); // staff through the group
    expect((await edit(2)).status).toBe(404);

    // A location added to the group later, and the right raised to owner.
    expect((await admin('POST', `/api/location-groups/${groupId}/locations`, { LocationIds: [ids.locations[2]] })).status).toBe(200);
    expect((await admin('POST', `/api/location-groups/${groupId}/users`, { UserId: userId, Access: 'owner' })).status).toBe(200);
    await stack.waitForProjections();
    expect(await sees()).toEqual([ids.locations[0]!, ids.locations[2]!].sort());
    const details = await stack.call('GET', `/api/gmb/${ids.locations[2]}/location`, { token: gina });
    expect(details.status).toBe(200);
    expect((details.body as { Data: { Access: string } }).Data.Access).toBe('owner');
    expect((await edit(2)).status).toBe(200);
    const dashboard = await stack.call('GET', '/api/dashboard/fetch/180/false', { token: gina });
    expect((dashboard.body as { Data: { TotalLocations: number } }).Data.TotalLocations).toBe(2);

    expect((await admin('DELETE', `/api/location-groups/${groupId}/users/${userId}`)).status).toBe(200);
    await stack.waitForProjections();
    expect(await sees()).toEqual([]);
    expect((await stack.call('GET', `/api/gmb/${ids.locations[0]}/location`, { token: gina })).status).toBe(404);
  });
});
