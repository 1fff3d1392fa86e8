import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGroupLocationsRoute,
  companyReviewsRoute,
  companyStream,
  createLocationGroupRoute,
  dashboardFetchRoute,
  emptyProfile,
  getLocationGroupRoute,
  listLocationGroupsRoute,
  locationGroupMessages,
  locationGroupsStream,
  locationItemsRoute,
  locationsSummaryRoute,
  locationStream,
  userStream,
} from '@locus/contracts';
import { apiSpec } from '@locus/tests/stack/api-spec';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';
import { groupAssignmentsOf } from '@locus/query-api/location-groups/index';

/**
 * Location groups over HTTP on the test stack, as specifications: each test makes its own
 * company (events), with locations in Denver and Austin and a company user, then one request.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

const spec = () => apiSpec(stack);

interface Company {
  companyId: string;
  admin: string;
  auditor: string;
  userId: string;
  user: string;
  denver: string[];
  austin: string[];
}

const locationCreated = (companyId: string, locationId: string, title: string, town: string, state: string) => ({
  stream: locationStream(locationId),
  companyId,
  events: [
    {
      type: 'LocationCreated',
      data: {
        locationId,
        companyId,
        connectionId: randomUUID(),
        accountName: 'accounts/1',
        accountDisplayName: 'Test account',
        profile: { ...emptyProfile(), Title: title, StoreCode: title.toUpperCase().replace(/\W+/g, '-'), Town: town, State: state },
        hours: [],
        attributes: {},
      },
    },
  ],
});

/** A company with two Denver and two Austin locations, a company user and an admin. */
async function company(name = 'Harbor Dental'): Promise<Company> {
  const companyId = randomUUID();
  const userId = randomUUID();
  const denver = [randomUUID(), randomUUID()];
  const austin = [randomUUID(), randomUUID()];
  const facts = [
    {
      stream: companyStream(companyId),
      companyId,
      events: [{ type: 'CompanyCreated', data: { companyId, companyName: name, defaultAdminId: randomUUID(), source: 'seed' } }],
    },
    {
      stream: userStream(userId),
      companyId,
      events: [
        {
          type: 'UserCreated',
          data: {
            userId,
            companyId,
            role: 'CompanyUser',
            firstName: 'Marcus',
            lastName: 'Reed',
            email: `marcus-${userId.slice(0, 8)}@example.test`,
            phoneNumber: '',
            passwordHash: null,
            isDefaultCompanyContact: false,
            source: 'seed',
          },
        },
      ],
    },
    locationCreated(companyId, denver[0]!, 'Denver Union Station', 'Denver', 'CO'),
    locationCreated(companyId, denver[1]!, 'Denver Cherry Creek', 'Denver', 'CO'),
    locationCreated(companyId, austin[0]!, 'Austin Domain', 'Austin', 'TX'),
    locationCreated(companyId, austin[1]!, 'Austin South Congress', 'Austin', 'TX'),
  ];
  await spec()
    .given(...facts)
    .when({ method: 'GET', path: '/api/location-groups', token: await stack.tokenFor('CompanyAdmin', companyId) })
    .then({ status: 200, body: { Data: [] } }, []);
  return {
    companyId,
    admin: await stack.tokenFor('CompanyAdmin', companyId),
    auditor: await stack.tokenFor('CompanyAuditor', companyId),
    userId,
    user: await stack.tokenFor('CompanyUser', companyId, { userId }),
    denver,
    austin,
  };
}

const createGroup = (c: Company, name: string) => ({ method: 'POST' as const, path: '/api/location-groups', token: c.admin, body: { Name: name } });
const groupIdOf = (answer: { body: { Data: { Id: string } } }) => answer.body.Data.Id;
const directory = async (c: Company, token: string, body: Record<string, unknown>) => {
  const res = await stack.send(locationsSummaryRoute, { params: { companyId: c.companyId }, body: { rows: 100, ...body }, token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { Id: string }[]).map((r) => r.Id).sort();
};

describe('location groups API', () => {
  it('creates a group, and refuses a second group of the same name naming the field', async () => {
    const c = await company();
    await spec()
      .given()
      .when(createGroup(c, 'East region'))
      .then({ status: 200, body: { Success: true, ResponseMessage: locationGroupMessages.created } }, [
        { type: 'LocationGroupCreated', stream: locationGroupsStream(c.companyId), data: { companyId: c.companyId, name: 'East region' } },
      ]);
    const { answer } = await spec()
      .given()
      .when(createGroup(c, '  east REGION '))
      .then({ status: 400, body: { ApiError: { ErrorCode: 'LOCATION_GROUP.NAME_TAKEN' } } }, []);
    expect(answer.body.ApiError.Fields).toEqual([{ Field: 'Name', Message: locationGroupMessages.nameTaken }]);
    await spec().given().when(createGroup(c, '   ')).then({ status: 400 }, []);
  });

  it('adds every location the directory filter matches, and the directory filtered by the group shows exactly those', async () => {
    const c = await company();
    const { given } = await spec()
      .given(createGroup(c, 'Colorado'))
      .when((g) => ({ method: 'POST', path: `/api/location-groups/${groupIdOf(g[0])}/locations/matching`, token: c.admin, body: { State: 'co' } }))
      .then({ status: 200, body: { Data: { Added: 2, Matched: 2 }, ResponseMessage: '2 locations added to the group' } }, [
        { type: 'LocationsAddedToGroup', data: { locationIds: expect.arrayContaining(c.denver) } },
      ]);
    const groupId = groupIdOf(given[0]);
    expect(await directory(c, c.admin, { GroupId: groupId })).toEqual([...c.denver].sort());
    expect(await directory(c, c.admin, { GroupId: groupId, globalFilter: 'cherry' })).toEqual([c.denver[1]]);
    expect(await directory(c, c.admin, {})).toHaveLength(4);
    const items = await stack.send(locationItemsRoute, { query: { groupId }, token: c.admin });
    expect((items.body.Data as { LocationId: string }[]).map((i) => i.LocationId).sort()).toEqual([...c.denver].sort());
    // the dashboard counts the group's locations only (here: those without a primary email)
    const withoutEmail = async (query: { groupId?: string }) =>
      (
        await stack.send(dashboardFetchRoute, { params: { durationDays: '30', flag: 'false' }, query, token: c.admin })
      ).body.Data.LocationsWithoutPrimaryEmail.map((l) => l.Id).sort();
    expect(await withoutEmail({ groupId })).toEqual([...c.denver].sort());
    expect(await withoutEmail({})).toHaveLength(4);
    // a second run adds nothing new
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${groupId}/locations/matching`, token: c.admin, body: { State: 'CO' } })
      .then({ status: 200, body: { Data: { Added: 0, Matched: 2 } } }, []);
  });

  it('gives an assigned user the group locations, including a location added to the group afterwards', async () => {
    const c = await company();
    const { given } = await spec()
      .given(createGroup(c, 'Texas'))
      .when((g) => ({ method: 'POST', path: `/api/location-groups/${groupIdOf(g[0])}/users`, token: c.admin, body: { UserId: c.userId, Access: 'staff' } }))
      .then({ status: 200, body: { ResponseMessage: locationGroupMessages.userAssigned } }, [
        { type: 'UserAssignedToGroup', data: { userId: c.userId, access: 'staff' } },
      ]);
    const groupId = groupIdOf(given[0]);
    expect(await groupAssignmentsOf(stack.readModels, c.companyId, c.userId)).toEqual([]);
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${groupId}/locations`, token: c.admin, body: { LocationIds: [c.austin[0]] } })
      .then({ status: 200, body: { Data: { Added: 1 } } }, [{ type: 'LocationsAddedToGroup', data: { locationIds: [c.austin[0]] } }]);
    expect(await groupAssignmentsOf(stack.readModels, c.companyId, c.userId)).toEqual([{ locationId: c.austin[0], access: 'staff' }]);
    await spec()
      .given({ method: 'POST', path: `/api/location-groups/${groupId}/users`, token: c.admin, body: { UserId: c.userId, Access: 'owner' } })
      .when({ method: 'POST', path: `/api/location-groups/${groupId}/locations`, token: c.admin, body: { LocationIds: [c.austin[1]] } })
      .then({ status: 200 }, [{ type: 'LocationsAddedToGroup' }]);
    const assignments = await groupAssignmentsOf(stack.readModels, c.companyId, c.userId);
    expect(assignments.sort((a, b) => a.locationId.localeCompare(b.locationId))).toEqual(
      [...c.austin].sort().map((locationId) => ({ locationId, access: 'owner' })),
    );
    const details = await stack.send(getLocationGroupRoute, { params: { groupId }, token: c.auditor });
    expect(details.body.Data).toMatchObject({
      Name: 'Texas',
      LocationCount: 2,
      UserCount: 1,
      Users: [{ UserId: c.userId, Name: 'Marcus Reed', Access: 'owner' }],
    });
    // removing a location, unassigning, deleting the group take the access back
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${groupId}/locations/remove`, token: c.admin, body: { LocationIds: [c.austin[0]] } })
      .then({ status: 200 }, [{ type: 'LocationsRemovedFromGroup' }]);
    expect(await groupAssignmentsOf(stack.readModels, c.companyId, c.userId)).toEqual([{ locationId: c.austin[1], access: 'owner' }]);
    await spec()
      .given()
      .when({ method: 'DELETE', path: `/api/location-groups/${groupId}`, token: c.admin })
      .then({ status: 200, body: { ResponseMessage: locationGroupMessages.deleted } }, [{ type: 'LocationGroupDeleted' }]);
    expect(await groupAssignmentsOf(stack.readModels, c.companyId, c.userId)).toEqual([]);
    expect((await stack.send(getLocationGroupRoute, { params: { groupId }, token: c.admin })).status).toBe(404);
  });

  it("answers 404 for another company's group, location and user, and refuses users who are not company users", async () => {
    const a = await company('Acme');
    const b = await company('Bravo');
    const aGroup = groupIdOf(await stack.send(createLocationGroupRoute, { body: { Name: 'Acme East' }, token: a.admin }));
    const bGroup = groupIdOf(await stack.send(createLocationGroupRoute, { body: { Name: 'Bravo East' }, token: b.admin }));
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${aGroup}/locations`, token: a.admin, body: { LocationIds: [a.denver[0], b.denver[0]] } })
      .then({ status: 404, body: { ApiError: { ErrorCode: 'LOCATION_GROUP.LOCATION_NOT_FOUND' } } }, []);
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${aGroup}/users`, token: a.admin, body: { UserId: b.userId, Access: 'staff' } })
      .then({ status: 404, body: { ApiError: { ErrorCode: 'LOCATION_GROUP.USER_NOT_FOUND' } } }, []);
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${bGroup}/rename`, token: a.admin, body: { Name: 'Mine now' } })
      .then({ status: 404, body: { ApiError: { ErrorCode: 'LOCATION_GROUP.NOT_FOUND' } } }, []);
    expect((await stack.send(getLocationGroupRoute, { params: { groupId: bGroup }, token: a.admin })).status).toBe(404);
    expect((await stack.send(locationsSummaryRoute, { params: { companyId: a.companyId }, body: { GroupId: bGroup }, token: a.admin })).status).toBe(404);
    expect((await stack.send(companyReviewsRoute, { params: { companyId: a.companyId }, body: { Params: { GroupId: bGroup } }, token: a.admin })).status).toBe(
      404,
    );
    expect((await stack.send(dashboardFetchRoute, { params: { durationDays: '30', flag: 'false' }, query: { groupId: bGroup }, token: a.admin })).status).toBe(
      404,
    );
    // an admin sees every location already: only company users are assigned
    const adminId = randomUUID();
    await spec()
      .given({
        stream: userStream(adminId),
        companyId: a.companyId,
        events: [
          {
            type: 'UserCreated',
            data: {
              userId: adminId,
              companyId: a.companyId,
              role: 'CompanyAdmin',
              firstName: 'Ada',
              lastName: 'Admin',
              email: `ada-${adminId.slice(0, 8)}@example.test`,
              phoneNumber: '',
              passwordHash: null,
              isDefaultCompanyContact: false,
              source: 'seed',
            },
          },
        ],
      })
      .when({ method: 'POST', path: `/api/location-groups/${aGroup}/users`, token: a.admin, body: { UserId: adminId, Access: 'owner' } })
      .then({ status: 400, body: { ApiError: { ErrorCode: 'LOCATION_GROUP.NOT_COMPANY_USER' } } }, []);
    // the auditor and company users read or nothing; only admins write
    expect((await stack.send(listLocationGroupsRoute, { token: a.auditor })).status).toBe(200);
    expect((await stack.send(createLocationGroupRoute, { body: { Name: 'Nope' }, token: a.auditor })).status).toBe(403);
    expect((await stack.send(createLocationGroupRoute, { body: { Name: 'Nope' }, token: a.user })).status).toBe(403);
    expect((await stack.send(listLocationGroupsRoute, { token: a.user })).status).toBe(403);
  });

  it('lists the groups by name with their counts, and renames', async () => {
    const c = await company();
    const west = groupIdOf(await stack.send(createLocationGroupRoute, { body: { Name: 'West' }, token: c.admin }));
    await stack.send(createLocationGroupRoute, { body: { Name: 'central' }, token: c.admin });
    await stack.send(addGroupLocationsRoute, { params: { groupId: west }, body: { LocationIds: c.denver }, token: c.admin });
    await spec()
      .given()
      .when({ method: 'POST', path: `/api/location-groups/${west}/rename`, token: c.admin, body: { Name: 'Mountain' } })
      .then({ status: 200, body: { ResponseMessage: locationGroupMessages.renamed } }, [{ type: 'LocationGroupRenamed', data: { name: 'Mountain' } }]);
    const list = await stack.send(listLocationGroupsRoute, { token: c.admin });
    expect((list.body.Data as { Name: string; LocationCount: number }[]).map((g) => [g.Name, g.LocationCount])).toEqual([
      ['central', 0],
      ['Mountain', 2],
    ]);
  });
});
